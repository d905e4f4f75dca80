// Telling the player that their turn came (issue 24 item 2). In the page: the title and the
// favicon carry a badge, a sound if asked, a desktop notification (the Notifications API) when
// the page is out of sight and the player allowed it. With the page closed: Web Push through
// the service worker (/sw.js) and e-mail, both sent by the server (its choices per seat:
// /api/games/{id}/notices). This browser's own choices (sound, desktop) are kept in localStorage.
import { api, type NoticeOut } from "./api";

const PREFS = "onmars.notify";

/** This browser's choices: a sound, a desktop notification. */
export interface LocalPrefs {
  sound: boolean;
  desktop: boolean;
}

export function loadPrefs(): LocalPrefs {
  let saved: Partial<LocalPrefs> = {};
  try {
    saved = JSON.parse(localStorage.getItem(PREFS) || "{}") || {};
  } catch {
    saved = {};
  }
  // The sound switch of older versions ("onmars.sound") is kept.
  const sound = saved.sound ?? localStorage.getItem("onmars.sound") === "1";
  return { sound: !!sound, desktop: !!saved.desktop };
}

export function savePrefs(prefs: LocalPrefs): void {
  localStorage.setItem(PREFS, JSON.stringify(prefs));
  localStorage.setItem("onmars.sound", prefs.sound ? "1" : "0");
}

// --- the favicon --------------------------------------------------------------------------------
const MARS = "#d0603a";
const BADGE = "#e69f00";

/** The page's icon: Mars, with a badge (a ringed dot at its top right) on the player's turn. */
export function drawFavicon(badge: boolean): string {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const ctx = canvas.getContext("2d");
  if (!ctx) return "";
  ctx.fillStyle = MARS;
  ctx.beginPath();
  ctx.arc(16, 16, badge ? 13 : 14.5, 0, 2 * Math.PI);
  ctx.fill();
  if (badge) {
    ctx.fillStyle = "#141218";
    ctx.beginPath();
    ctx.arc(24, 8, 8.5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = BADGE;
    ctx.beginPath();
    ctx.arc(24, 8, 6.5, 0, 2 * Math.PI);
    ctx.fill();
  }
  return canvas.toDataURL("image/png");
}

/** Show the badge on the page's icon, or take it away. */
export function setFavicon(badge: boolean): void {
  let link = document.querySelector<HTMLLinkElement>("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  const href = drawFavicon(badge);
  if (href) {
    link.type = "image/png";
    link.href = href;
    link.dataset.badge = badge ? "1" : "0";
  }
}

/** The page's title, with a badge on the player's turn. */
export function turnTitle(base: string, active: boolean): string {
  return active ? `▶ ${base}` : base;
}

// --- desktop notifications -------------------------------------------------------------------------
export function canNotify(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** A desktop notification of the player's turn, when allowed and wanted, and the page is out of
 * sight (on sight, the title, the favicon and the sound say it). Clicking it brings the page. */
export function desktopNotice(prefs: LocalPrefs, title: string, body: string, tag: string): boolean {
  if (!prefs.desktop || !canNotify() || Notification.permission !== "granted") return false;
  if (document.visibilityState === "visible" && document.hasFocus()) return false;
  try {
    const n = new Notification(title, { body, tag, icon: drawFavicon(true) });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    return true;
  } catch {
    return false; // some browsers allow notifications only from a service worker
  }
}

// --- Web Push ------------------------------------------------------------------------------------
export function canPush(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof window !== "undefined" && "PushManager" in window;
}

function keyBytes(b64url: string): ArrayBuffer {
  const pad = "=".repeat((4 - (b64url.length % 4)) % 4);
  const raw = atob((b64url + pad).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0)).buffer as ArrayBuffer;
}

/** Subscribe this browser to the server's Web Push for the seat (the service worker registered
 * first), and tell the server. */
export async function pushOn(id: string, token: string, serverKey: string, lang: "en" | "zh"): Promise<NoticeOut> {
  const reg = await navigator.serviceWorker.register("/sw.js");
  await navigator.serviceWorker.ready;
  let sub = await reg.pushManager.getSubscription();
  if (!sub) sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(serverKey) });
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await api.pushSubscribe(id, token, { endpoint: json.endpoint, keys: json.keys });
  return api.setNotices(id, token, { push: true, lang });
}

/** Stop Web Push for the seat: the server forgets this browser's subscription. */
export async function pushOff(id: string, token: string): Promise<NoticeOut> {
  let endpoint: string | null = null;
  if (canPush()) {
    const reg = await navigator.serviceWorker.getRegistration("/sw.js");
    const sub = reg ? await reg.pushManager.getSubscription() : null;
    endpoint = sub?.endpoint ?? null;
  }
  if (endpoint) await api.pushDrop(id, token, endpoint);
  return api.setNotices(id, token, { push: false });
}
