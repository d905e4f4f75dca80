// The 🔔 panel: how this player is told their turn came (issue 24 item 2). This browser's own
// choices (a sound, a browser notification on any device, with the button that asks the browser's
// permission), and the seat's choices kept by the server for when the page is closed (Web Push
// on this browser, e-mail to an address), each switchable. And a new link for the seat, when its
// link leaked (the old link and every other device's key stop).
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, type NoticeOut } from "../api";
import { useI18n } from "../i18n";
import { canNotify, canPush, pushOff, pushOn, type LocalPrefs } from "../notify";

export function NoticePanel({ id, token, rekey, prefs, setPrefs, close }: {
  id: string;
  token: string | null;
  rekey: () => Promise<string>;
  prefs: LocalPrefs;
  setPrefs: (p: LocalPrefs) => void;
  close: () => void;
}) {
  const { t, lang } = useI18n();
  const [server, setServer] = useState<NoticeOut | null>(null);
  const [address, setAddress] = useState("");
  const [status, setStatus] = useState("");
  const [link, setLink] = useState("");
  const [copied, setCopied] = useState("");
  const [permission, setPermission] = useState(canNotify() ? Notification.permission : "denied");

  useEffect(() => {
    if (!token) return;
    api
      .notices(id, token)
      .then((n) => {
        setServer(n);
        setAddress(n.address ?? "");
      })
      .catch((e) => setStatus(e instanceof ApiError ? e.problem.detail : String(e)));
  }, [id, token]);

  const run = async (work: () => Promise<NoticeOut>) => {
    setStatus("");
    try {
      setServer(await work());
      setStatus(t("noticeSaved"));
    } catch (e) {
      setStatus(e instanceof ApiError ? e.problem.detail : String(e));
    }
  };

  const renew = async () => {
    if (!confirm(t("seatLinkConfirm"))) return;
    setStatus("");
    try {
      setLink(await rekey());
      setStatus(t("seatLinkMade"));
    } catch (e) {
      setStatus(e instanceof ApiError ? e.problem.detail : String(e));
    }
  };

  const ask = async () => {
    if (!canNotify()) return;
    const got = await Notification.requestPermission();
    setPermission(got);
    if (got === "granted") setPrefs({ ...prefs, desktop: true });
  };

  return (
    <div class="notices" role="dialog" aria-label={t("noticesTitle")} data-testid="notice-panel">
      <h3>{t("noticesTitle")}</h3>
      <label>
        <input type="checkbox" checked={prefs.sound} onChange={(e) => setPrefs({ ...prefs, sound: (e.target as HTMLInputElement).checked })} />
        {t("noticeSound")}
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="notice-desktop"
          checked={prefs.desktop && permission === "granted"}
          disabled={permission !== "granted"}
          onChange={(e) => setPrefs({ ...prefs, desktop: (e.target as HTMLInputElement).checked })}
        />
        {t("noticeBrowser")}
      </label>
      {!canNotify() ? (
        <p class="muted small">{t("noticeNoSupport")}</p>
      ) : permission === "denied" ? (
        <p class="muted small">{t("noticeDenied")}</p>
      ) : permission !== "granted" ? (
        <button data-testid="notice-allow" onClick={ask}>{t("noticeAllow")}</button>
      ) : null}
      {token && server ? (
        <>
          <label>
            <input
              type="checkbox"
              data-testid="notice-push"
              disabled={!canPush() || !server.push_key}
              checked={server.push && server.subscriptions > 0}
              onChange={(e) => run(() => ((e.target as HTMLInputElement).checked ? pushOn(id, token, server.push_key, lang) : pushOff(id, token)))}
            />
            {t("noticePush")}
          </label>
          {!canPush() ? <p class="muted small">{t("noticeNoSupport")}</p> : null}
          {server.email_available ? (
            <div class="mailrow">
              <label>
                <input
                  type="checkbox"
                  data-testid="notice-email"
                  checked={server.email}
                  onChange={(e) => run(() => api.setNotices(id, token, { email: (e.target as HTMLInputElement).checked, lang }))}
                />
                {t("noticeEmail")}
              </label>
              <input
                type="email"
                data-testid="notice-address"
                maxLength={254}
                placeholder={t("noticeAddress")}
                value={address}
                onInput={(e) => setAddress((e.target as HTMLInputElement).value)}
              />
              <button data-testid="notice-save" onClick={() => run(() => api.setNotices(id, token, { address, email: true, lang }))}>
                {t("noticeSave")}
              </button>
            </div>
          ) : (
            <p class="muted small">{t("noticeNoEmail")}</p>
          )}
        </>
      ) : null}
      <p class="muted small">{t("noticeOnce")}</p>
      {token ? (
        <div class="seatlink">
          <h3>{t("seatLinkTitle")}</h3>
          <p class="muted small">{t("seatLinkWhy")}</p>
          <button data-testid="seat-link-new" onClick={renew}>{t("seatLinkNew")}</button>
          {link ? <input readOnly data-testid="seat-link" value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} /> : null}
          {/* a phone selects a long line badly: the link is copied with a tap */}
          {link ? (
            <button data-testid="seat-link-copy" onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(link), () => {})}>
              {copied === link ? t("copied") : t("copy")}
            </button>
          ) : null}
        </div>
      ) : null}
      <div class="row">
        <span class="muted small" data-testid="notice-status">{status}</span>
        <span class="grow" />
        <button onClick={close}>{t("close")}</button>
      </div>
    </div>
  );
}
