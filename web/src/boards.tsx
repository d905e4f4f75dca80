// The shared boards (Turn Order and Shuttle, Action slots, Life Support and Colony level,
// Missions, Warehouse, Tech Grid, Blueprints, Scientists and Contracts, Exploration) and each
// player's board, drawn from the seat's view (RUL-18: other players' secrets arrive as counts).
import type { ComponentChildren } from "preact";
import type { Dict, PlayerView, Score, View } from "./api";
import { labelled, parenthesised, useI18n } from "./i18n";
import { BUILDING_FILL, buildingCode } from "./map";
import { Icon } from "./icons";
import { colourOf, face, itemName, projectionCard } from "./format";
import { Pawn, faceProps, useSpot } from "./ui";

const RESOURCES = ["mineral", "battery", "water", "plant", "oxygen"];
const LSS_TYPES = ["generator", "extractor", "greenhouse", "condenser"];

function Panel(props: { title: string; children: ComponentChildren; testid?: string; class?: string }) {
  return (
    <section class={`panel ${props.class ?? ""}`} data-testid={props.testid}>
      <h3>{props.title}</h3>
      {props.children}
    </section>
  );
}

/** A clickable place (button-like span). */
function Spot(props: { k: string; card?: Dict | null; title?: string; class?: string; children: ComponentChildren; full?: string }) {
  const spot = useSpot(props.k, (props.card as any) ?? null, props.title);
  // ``full``: the whole name where the board may cut it (the browser's tooltip, and read aloud)
  return (
    <span {...spot} class={`place ${props.class ?? ""} ${spot.class ?? ""}`} title={props.full}>
      {props.children}
    </span>
  );
}

export function Item({ item, n }: { item: string; n?: number }) {
  const { cat } = useI18n();
  return (
    <span class="item" {...faceProps({ title: itemName(cat, item, n ?? 1) })}>
      <Icon name={item} />
      {n !== undefined ? <b>{n}</b> : null}
    </span>
  );
}

// --- shared boards -------------------------------------------------------------------------------
export function SharedBoards({ view }: { view: View }) {
  return (
    <div class="shared">
      <TurnOrder view={view} />
      <ActionSlots view={view} />
      <LifeSupport view={view} />
      <Missions view={view} />
      <Warehouse view={view} />
      <TechGrid view={view} />
      <BlueprintDisplay view={view} />
      <Science view={view} />
      <Exploration view={view} />
    </div>
  );
}

const BONUS: Record<string, [string, string]> = {
  warehouse: ["Warehouse", "仓库"],
  blueprint: ["Blueprint", "蓝图"],
  learn: ["Tech", "科技"],
  ship: ["Ship", "飞船"],
  colonists: ["Colonist", "殖民者"],
  bots: ["Bots", "机器人"],
};

function bonusName(bonus: string, lang: string): string {
  const pair = BONUS[bonus];
  return pair ? pair[lang === "zh" ? 1 : 0] : "—";
}

/** A Turn Order space's bonus as the board shows it: a picture where one exists (the words are
 * cut off at 1280 px), short words otherwise; the hover card has the full text. */
function bonusMark(bonus: string, lang: string) {
  const pics: Record<string, string[]> = { warehouse: ["crystal", "mineral"], ship: ["ship"], colonists: ["colonist"], bots: ["bot"] };
  if (pics[bonus]) return <>{pics[bonus].map((n) => <Icon name={n} size={12} />)}</>;
  if (bonus === "blueprint") return lang === "zh" ? "蓝图" : "BP";
  return bonusName(bonus, lang);
}

function TurnOrder({ view }: { view: View }) {
  const { t, cat, lang } = useI18n();
  const at = new Map<number, number>();
  view.players.forEach((p: PlayerView, seat: number) => p.space && at.set(p.space, seat));
  const spaces = [1, 2, 3, 4, 5, 6, 7, 8];
  const shuttle = (side: string) => (
    <span class="shuttle-track">
      {[1, 2, 3].map((n) => (
        <span class={`sh-space ${view.shuttle_side === side && view.shuttle_space === n ? "on" : ""}`}>
          {view.shuttle_side === side && view.shuttle_space === n ? <Icon name="ship" size={15} fill="#e69f00" /> : n}
        </span>
      ))}
    </span>
  );
  return (
    <Panel title={`${t("turnOrder")} · ${t("shuttle")}`} class="turnorder">
      <div class="to-row">
        {spaces.map((n) => {
          const seat = at.get(n);
          const f = cat?.turn_order?.[String(n)];
          return (
            <Spot k={`to:${n}`} card={f ? { title: `${t("space")} ${n}`, lines: [f.text] } : null} class={`to-space ${n <= 4 ? "orbit" : "colony"}`} full={f ? labelled(t, `${t("space")} ${n}`, f.text) : undefined}>
              <span class="to-n">{n}</span>
              <span class="to-bonus" title={bonusName(f?.bonus ?? "", lang)}>{bonusMark(f?.bonus ?? "", lang)}</span>
              {seat !== undefined ? <Pawn view={view} seat={seat} dim={view.done?.includes(seat)} /> : <span class="to-empty" />}
            </Spot>
          );
        })}
      </div>
      <div class="sh-row">
        <Spot k="side:orbit" class="side-name">{t("orbit")}</Spot>
        {shuttle("orbit")}
        <span class="sh-sep">⇄</span>
        {shuttle("colony")}
        <Spot k="side:colony" class="side-name">{t("colony")}</Spot>
        {!view.shuttle_side && view.phase !== "setup" ? <span class="muted">{parenthesised(t, `${t("shuttle")} ✕`).trim()}</span> : null}
      </div>
    </Panel>
  );
}

/** Short names for the Action slots' actions (the hover card gives the full name). */
const SHORT_ACTIONS: Record<string, [string, string]> = {
  pod: ["Landing Pod", "着陆舱"],
  blueprint: ["Blueprint", "获取蓝图"],
  tech: ["Learn Tech", "学习新科技"],
  rnd: ["R&D", "研发"],
  resupply: ["Resupply", "补给"],
  construct: ["Construct", "建造"],
  upgrade: ["Upgrade", "升级"],
  hire: ["Hire / Contract", "招募 / 合约"],
  control: ["Control Center", "控制中心"],
  ship: ["Welcome a Ship", "迎接飞船"],
};

function shortAction(id: string, lang: string): string | undefined {
  const pair = SHORT_ACTIONS[id];
  return pair ? pair[lang === "zh" ? 1 : 0] : undefined;
}

function ActionSlots({ view }: { view: View }) {
  const { t, cat, lang } = useI18n();
  const actions: [string, Dict][] = Object.entries(cat?.action ?? {});
  const side = (s: string) => (
    <div class="slots-side">
      <div class="slots-head">{s === "orbit" ? t("orbit") : t("colony")}</div>
      {actions
        .filter(([, a]) => a.side === s)
        .map(([id, a]) => {
          const seats: number[] = view.slots?.[id] ?? [];
          const n = Math.max(a.slots, seats.length);
          return (
            <div class="slot-row">
              <Spot k={`action:${id}`} card={{ title: a.name, lines: a.cost?.length ? [a.cost.map((c: string) => itemName(cat, c)).join(" + ")] : [] }} class="action-name" full={a.name}>
                {shortAction(id, lang) ?? a.name}
                {/* the action's own cost, as the board prints it */}
                {((a.cost ?? []) as string[]).map((c) => <Icon name={c} size={12} />)}
              </Spot>
              <Spot k={`slot:${id}`} class="slot-list">
                {Array.from({ length: n }, (_, k) =>
                  k < seats.length ? <Pawn view={view} seat={seats[k]} size={15} /> : <span class="slot-free" />,
                )}
              </Spot>
            </div>
          );
        })}
    </div>
  );
  return (
    <Panel title={t("actions")} class="actions">
      <div class="slots">
        {side("orbit")}
        {side("colony")}
      </div>
    </Panel>
  );
}

function LifeSupport({ view }: { view: View }) {
  const { t, cat, lang } = useI18n();
  const level: number = view.level ?? 1;
  return (
    <Panel title={`${t("lss")} · ${t("colonyLevel")} ${level}`} class="lss">
      <div class="lss-levels">
        {[1, 2, 3, 4, 5].map((n) => (
          <span class={`lvl ${n === level ? "on" : n < level ? "past" : ""}`}>{n}</span>
        ))}
        <span class="muted"> {labelled(t, t("remaining"), view.remaining)}</span>
      </div>
      <div class="lss-cols">
        {LSS_TYPES.map((kind) => {
          const n = view.lss?.[kind] ?? 0;
          const reward = view.lss_rewards?.[kind] ?? "";
          const rf = face(cat, "lss_reward", reward);
          return (
            <div class="lss-col" {...faceProps({ title: cat?.building?.[kind]?.name ?? kind, lines: [`${n} / ${level + 1}`, ...(rf?.lines ?? [])] })}>
              <div class="lss-bar">
                {[6, 5, 4, 3, 2, 1].map((k) => (
                  <span class={`lss-cell ${k <= n ? "full" : ""} ${k === level + 1 ? "target" : ""}`} style={k <= n ? { background: BUILDING_FILL[kind] } : {}} />
                ))}
              </div>
              <div class="lss-code" style={{ background: BUILDING_FILL[kind] }}>
                {buildingCode(cat, lang, kind)} {n}
              </div>
              <div class="lss-reward">{reward}{view.lss_first?.includes(kind) ? " ✓" : ""}</div>
            </div>
          );
        })}
        <div class="stacks">
          {Object.entries(view.building_stacks ?? {}).map(([kind, s]) => (
            <div class="stack" {...faceProps({ title: cat?.building?.[kind]?.name ?? kind, lines: [`${s.top} · ${s.count}`] })}>
              <span class="chip" style={{ background: BUILDING_FILL[kind] }}>{buildingCode(cat, lang, kind)}</span>×{s.count}
            </div>
          ))}
        </div>
      </div>
    </Panel>
  );
}

function Missions({ view }: { view: View }) {
  const { t, cat } = useI18n();
  const n = view.players.length;
  return (
    <Panel title={t("missions")} class="missions">
      {Object.entries(view.missions ?? {}).map(([id, left]) => {
        const m = cat?.mission?.[id];
        const target = m?.targets?.[String(n)] ?? left;
        const done = Math.max(0, target - left);
        return (
          <div class="mission" {...faceProps(face(cat, "mission", id))}>
            <span class="m-name" title={m?.name ?? id}>{m?.name ?? id}</span>
            <span class="m-bar">
              <span style={{ width: `${(100 * done) / Math.max(1, target)}%` }} />
            </span>
            <span class="m-num">{done}/{target}</span>
          </div>
        );
      })}
    </Panel>
  );
}

function Warehouse({ view }: { view: View }) {
  const { t, cat } = useI18n();
  return (
    <Panel title={t("warehouse")} class="warehouse">
      <div class="row">
        {Object.entries(view.warehouse ?? {}).map(([item, n]) => (
          <Spot k={`wh:${item}`} card={{ title: itemName(cat, item, n) }}>
            <Item item={item} n={n} />
          </Spot>
        ))}
      </div>
    </Panel>
  );
}

function TechTile({ id, k }: { id: string; k: string }) {
  const { cat, t } = useI18n();
  const f = face(cat, "tech_tile", id, t);
  const entry = cat?.tech_tile?.[id];
  return (
    <Spot k={k} card={f} class={`tech ${id.startsWith("B-") ? "setb" : ""}`} full={`${entry?.name ?? id}${parenthesised(t, entry?.set_name ?? entry?.set ?? "")}`}>
      <span class="tech-name">{entry?.name ?? id}</span>
      <span class="tech-set">{entry?.set_name ?? entry?.set ?? ""}</span>
    </Spot>
  );
}

function TechGrid({ view }: { view: View }) {
  const { t } = useI18n();
  const rows: [string, string][] = [["top", t("topRow")], ["middle", t("middleRow")], ["bottom", t("bottomRow")]];
  const cost: Record<string, any> = {
    top: <><Icon name="battery" size={11} />+?</>,
    middle: <Icon name="battery" size={11} />,
    bottom: t("free"),
  };
  return (
    <Panel title={t("techGrid")} class="grid">
      {rows.map(([row, name]) => (
        <div class="grid-row">
          <span class="grid-label">{name} <small>{cost[row]}</small></span>
          {Object.entries(view.grid ?? {})
            .filter(([space]) => space.startsWith(row))
            .map(([space, tile]) =>
              tile ? <TechTile id={tile} k={`grid:${tile}`} /> : <span class="tech empty" data-space={space} />,
            )}
        </div>
      ))}
    </Panel>
  );
}

function Card({ kind, id, k, extra }: { kind: string; id: string; k: string; extra?: ComponentChildren }) {
  const { cat, lang, t } = useI18n();
  const f = face(cat, kind, id, t);
  const entry = cat?.[kind]?.[id];
  return (
    <Spot k={k} card={f} class={`card ${kind}`} full={f ? `${f.title}` : undefined}>
      {kind !== "scientist" ? <span class="card-id">{id}</span> : null}
      {kind === "contract" && entry ? (
        <span class="card-name">
          {entry.building ? <span class="chip" style={{ background: BUILDING_FILL[entry.building] }}>{buildingCode(cat, lang, entry.building)}</span> : null}
          {(entry.items ?? []).map((it: string) => <Icon name={it} size={11} />)}
          <small> {entry.complete_op}/{entry.failed_op}</small>
        </span>
      ) : (
        <span class="card-name">{entry?.name ?? entry?.text ?? ""}</span>
      )}
      {kind === "blueprint" && entry ? (
        <span class="chip" style={{ background: BUILDING_FILL[entry.building] }}>{t("levelN", { n: entry.level })}</span>
      ) : null}
      {extra}
    </Spot>
  );
}

function BlueprintDisplay({ view }: { view: View }) {
  const { t } = useI18n();
  return (
    <Panel title={`${t("blueprints")}${parenthesised(t, `${t("bpDeck")} ${view.bp_deck ?? 0}`)}`} class="bpdisplay">
      <div class="cards">
        {(view.bp_display ?? []).map((bp: string) => (
          <Card kind="blueprint" id={bp} k={`card:${bp}`} />
        ))}
      </div>
    </Panel>
  );
}

function Science({ view }: { view: View }) {
  const { t } = useI18n();
  return (
    <Panel title={t("science")} class="science">
      <div class="cards">
        {(view.science ?? []).map((id: string) =>
          id ? <Card kind={id.match(/^C\d+$/) ? "contract" : "scientist"} id={id} k={`sci:${id}`} /> : <span class="card empty" />,
        )}
      </div>
      {view.contract_deck?.length ? (
        <div class="cards deck">
          <span class="muted small">{labelled(t, t("contractDeck"))}</span>
          {view.contract_deck.map((id: string) => (
            <Card kind="contract" id={id} k={`sci:${id}`} />
          ))}
        </div>
      ) : null}
    </Panel>
  );
}

function Exploration({ view }: { view: View }) {
  const { t } = useI18n();
  return (
    <Panel title={`${t("exploration")}${parenthesised(t, `${t("discoveryStack")} ${view.discovery_stack ?? 0}`)}`} class="exploration">
      <div class="cards">
        {(view.exploration ?? []).map((id: string) => (
          <Card kind="discovery" id={id} k={`radar:${id}`} />
        ))}
        {view.radar ? <Card kind="discovery" id={view.radar} k={`radar:${view.radar}`} /> : null}
      </div>
    </Panel>
  );
}

// --- player boards -------------------------------------------------------------------------------
export function PlayerBoard({ view, seat, projected }: { view: View; seat: number; projected?: Score }) {
  const { t, cat } = useI18n();
  const p = view.players[seat];
  const built = 5 - (p.shelters ?? 0);
  const storage = built + 1;
  const lqCap = 4 + 2 * Math.max(0, built - 1);
  const mine = Array.isArray(p.goals);
  // After the end nothing is secret (RUL-22): the goals this seat spent as Crystals.
  const spent: string[] = view.revealed?.spent_goals?.[seat] ?? [];
  // Resources, Executive rows, Depot rows and the Working Area answer moves of the seat whose
  // board this is; another player's board only shows them.
  const own = (key: string) => (seat === view.viewer ? key : `${key}@${seat}`);
  return (
    <div class="pboard" data-testid={`player-board-${seat}`} style={{ borderColor: colourOf(view, seat) }}>
      <div class="pb-head">
        <Pawn view={view} seat={seat} size={22} />
        <b class="pb-name">{p.name}</b>
        <span class="muted">{p.side ? (p.side === "orbit" ? t("orbit") : t("colony")) : ""} · {t("space")} {p.space || "-"}</span>
        <span class="pb-op">{p.op} {t("op")}{projected !== undefined ? <small class="proj" {...faceProps(projectionCard(projected, cat, t))}> → {projected.total}</small> : null}</span>
      </div>
      <div class="pb-res">
        {RESOURCES.map((item) => (
          <Spot k={own(`res:${item}`)} card={{ title: itemName(cat, item, p.res?.[item] ?? 0), lines: [labelled(t, t("storage"), storage)] }}>
            <Item item={item} n={p.res?.[item] ?? 0} />
            <small>/{storage}</small>
          </Spot>
        ))}
        <Spot k={own("res:crystal")} card={{ title: itemName(cat, "crystal", 2), lines: [labelled(t, t("pending"), p.pending)] }}>
          <Item item="crystal" n={p.crystals} />
          {p.pending ? <small>+{p.pending}</small> : null}
        </Spot>
        <Spot k={own("res:colonist")} card={{ title: t("lq"), lines: [`${p.lq}/${lqCap}`] }}>
          <Item item="colonist" n={p.lq} />
          <small>/{lqCap}</small>
        </Spot>
      </div>
      <Depot view={view} p={p} own={own} />
      <div class="pb-people">
        <LivingQuarters lq={p.lq} cap={lqCap} />
        <Spot k={own("wa")}>{t("wa")}{t("colon")}<b>{p.wa}</b></Spot>
        <span>{t("supply")}{t("colon")}<b>{p.reserve}</b><Icon name="colonist" /> <b>{p.bots}</b><Icon name="bot" /></span>
        <span>{t("hangar")}{t("colon")}<b>{p.hangar}</b><Icon name="ship" /></span>
        <span {...faceProps({ title: t("abMarkers") })}>★ <b>{p.ab}</b></span>
        <span>{t("shelters")}{t("colon")}<b>{p.shelters}</b></span>
        {p.progress?.length ? <span>{labelled(t, t("progress"), p.progress.map((k: string) => buildingCode(cat, "en", k)).join(" "))}</span> : null}
      </div>
      <Lab p={p} own={own} />
      <div class="pb-cards">
        {(p.blueprints ?? []).map((bp: string) => (
          <Card kind="blueprint" id={bp} k={`bp:${bp}`} extra={p.built?.includes(bp) ? <span class="built">★</span> : null} />
        ))}
        {(p.scientists ?? []).map((id: string) => (
          <Card kind="scientist" id={id} k={`sci-own:${id}`} extra={view.sci_at?.[id] ? <small>@{view.sci_at[id]}</small> : null} />
        ))}
        {(p.contracts ?? []).map((id: string) => (
          <Card kind="contract" id={id} k={`contract:${id}`} extra={
            <small>{(p.delivered?.[id] ?? []).map((it: string) => <Icon name={it} size={10} />)}{p.contracts_done?.includes(id) ? " ✓" : ""}</small>
          } />
        ))}
        {(p.research ?? []).map((r: string) => <span class="card research" {...faceProps(face(cat, "research", r))}>R{r}</span>)}
        {Array.isArray(p.discoveries)
          ? p.discoveries.map((d: string) => <Card kind="discovery" id={d} k={`disc:${d}`} />)
          : p.discoveries
            ? <span class="card muted">{labelled(t, t("discoveries"), p.discoveries)}</span>
            : null}
      </div>
      {mine ? (
        <div class="goals" data-testid="private-goals">
          <span class="goals-title">{labelled(t, t("privateGoals"))}</span>
          {(Array.isArray(p.goals) ? p.goals : []).map((g: string) => <Card kind="private_goal" id={g} k={`goal:${g}`} />)}
          {p.goal_done ? <span class="card done">{labelled(t, t("goalDone"), p.goal_done)}</span> : null}
          {spent.length ? <span class="goals-title" data-testid="spent-goals">{labelled(t, t("goalsSpent"))}</span> : null}
          {spent.map((g: string) => <Card kind="private_goal" id={g} k={`spent:${g}`} />)}
        </div>
      ) : (
        <div class="goals-hidden muted">
          {t("privateGoals")}{t("colon")}{t("goalsHidden", { n: Array.isArray(p.goals) ? p.goals.length : p.goals })}
          {p.goal_done ? ` · ${labelled(t, t("goalDone"), p.goal_done)}` : ""}
        </div>
      )}
    </div>
  );
}

/** An Executive action's short name or picture, as the board's icons would tell it. */
const EXEC_SHORT: Record<string, [string, string]> = {
  develop: ["Dev", "发展"],
  rover: ["Rover", "车"],
  blueprint: ["BP", "蓝图"],
  upgrade: ["Upg", "升级"],
  advanced: ["Adv", "先进"],
};
function execMark(id: string, lang: string) {
  const pics: Record<string, string[]> = { mineral: ["mineral"], bots: ["bot"], warehouse: ["crystal", "mineral"] };
  if (pics[id]) return <>{pics[id].map((n) => <Icon name={n} size={10} />)}</>;
  const pair = EXEC_SHORT[id];
  return pair ? pair[lang === "zh" ? 1 : 0] : id;
}

function Depot({ view, p, own }: { view: View; p: PlayerView; own: (key: string) => string }) {
  const { t, cat, lang } = useI18n();
  const execs = (Object.entries(cat?.executive ?? {}) as [string, Dict][]).sort((a, b) => a[1].row - b[1].row);
  // The turn's data is an open dict (each step keeps its own): the Executive actions used are
  // ``used``, for the seat ``p``.
  const used = view.turn.p === p.seat && Array.isArray(view.turn.used) ? view.turn.used.map(String) : [];
  return (
    <div class="depot">
      <div class="depot-title">{t("depot")} · {t("executive")}</div>
      <div class="depot-rows">
        {execs.map(([id, e]) => {
          const covered = p.depot_ships?.includes(e.row);
          return (
            <Spot k={own(`exec:${id}`)} card={{ title: `${e.row}. ${e.text}`, lines: [`${e.cost} ◆`, covered ? labelled(t, t("covered"), e.opened_by) : t("openRow")] }} class={`exec ${covered ? "covered" : "open"} ${used.includes(id) ? "used" : ""}`} full={`${e.row}. ${e.text} (${e.cost} ◆)`}>
              <span class="exec-row">{e.row} <span class="exec-name">{execMark(id, lang)}</span></span>
              <span class="exec-cost">{e.cost}◆</span>
              <Spot k={own(`depot:${e.row}`)} class="exec-ship">{covered ? <Icon name="ship" size={12} /> : ""}</Spot>
            </Spot>
          );
        })}
      </div>
      <div class="depot-crystals" {...faceProps({ title: itemName(cat, "crystal", 2), lines: [`${p.crystals} + ${t("pending")} ${p.pending}`] })}>
        {Array.from({ length: 8 }, (_, k) => (
          <span class={`dc ${k < p.crystals ? "full" : ""} ${k >= 8 - (p.depot_ships?.length ?? 0) ? "blocked" : ""}`}>{k < p.crystals ? "◆" : ""}</span>
        ))}
        {p.pending ? <span class="dc pending">+{p.pending}</span> : null}
      </div>
    </div>
  );
}

const LAB_LAYOUT: [string, number, number][] = [
  ["1t", 1, 0], ["1b", 1, 2], ["2t", 2, 0], ["2m", 2, 1], ["2b", 2, 2], ["3t", 3, 0], ["3b", 3, 2],
  ["4t", 4, 0], ["4m", 4, 1], ["4b", 4, 2], ["5t", 5, 0], ["5b", 5, 2], ["6", 6, 1],
];

function Lab({ p, own }: { p: PlayerView; own: (key: string) => string }) {
  const { t, cat } = useI18n();
  return (
    <div class="lab">
      <div class="lab-title">{t("lab")}</div>
      <div class="lab-grid">
        {LAB_LAYOUT.map(([space, col, row]) => {
          const tile: string | undefined = p.lab?.[space];
          const sp = cat?.lab_space?.[space];
          const style = { gridColumn: String(col), gridRow: String(row + 1) };
          return (
            <div class={`lab-space ${sp?.marked ? "marked" : ""}`} style={style}>
              {tile ? <TechTile id={tile} k={`labtile:${tile}`} /> : <LabSpace space={space} k={own(`lab:${space}`)} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Living Quarters as on the board: six rows of two places, each row's OP below; places past
 * what the built Shelters open are shown locked. */
function LivingQuarters({ lq, cap }: { lq: number; cap: number }) {
  const { t, cat } = useI18n();
  const rows = Object.entries(cat?.living_quarters ?? {}) as [string, Dict][];
  return (
    <span class="lq" {...faceProps({ title: t("lq"), lines: [`${lq} / ${cap}`] })}>
      <span class="lq-label">{t("lq")}</span>
      {rows.map(([, r]) => (
        <span class="lq-row">
          <span class="lq-slots">
            {(r.slots as number[]).map((n) => (
              <span class={`lq-slot ${n <= lq ? "full" : ""} ${n > cap ? "locked" : ""}`} />
            ))}
          </span>
          <small>{r.op}</small>
        </span>
      ))}
    </span>
  );
}

/** A Lab space's benefit in a few letters or a picture (the tooltip and the hover card say it
 * in full). */
function benefitMark(effect: string, item: string | null | undefined, lang: string) {
  if (effect === "gain" && item) return <Icon name={item} size={11} />;
  const pics: Record<string, string[]> = { warehouse: ["crystal", "mineral"], bots: ["bot"] };
  if (pics[effect]) return <>{pics[effect].map((n) => <Icon name={n} size={11} />)}</>;
  const words: Record<string, [string, string]> = { upgrade: ["Upg", "升级"], blueprint: ["BP", "蓝图"], develop: ["Dev", "发展"] };
  const pair = words[effect];
  return pair ? pair[lang === "zh" ? 1 : 0] : effect;
}

/** An empty Lab space: where a picked Tech tile may go. */
function LabSpace({ space, k }: { space: string; k: string }) {
  const { t, cat, lang } = useI18n();
  const sp = cat?.lab_space?.[space];
  const spot = useSpot(k, { title: `${space} · ${sp?.op ?? ""} ${t("op")}`, lines: [sp?.benefit_text ?? "", labelled(t, t("cost"), sp?.cost_text ?? "")] }, space);
  return (
    <span {...spot} class={`lab-empty ${spot.class ?? ""}`} title={`${sp?.op ?? ""} ${t("op")} · ${labelled(t, t("cost"), sp?.cost_text ?? "")} · ${sp?.benefit_text ?? ""}`}>
      {/* as the board prints it: the OP it is worth, the Resources it costs, and its benefit */}
      <span class="lab-line">
        <b class="lab-op">{sp?.op ?? space}</b>
        {((sp?.cost ?? []) as string[]).map((item) => <Icon name={item} size={11} />)}
      </span>
      {sp?.benefit ? <span class="lab-benefit">→{benefitMark(sp.benefit, sp.benefit_item, lang)}</span> : null}
    </span>
  );
}
