// The words of the hint panel and the guided first game (issue 25), English and Chinese, in our
// own words from /work/shared/rules (rule ids in the comments). Kept apart from i18n.ts so that
// the tutorial's many texts stay together; tests/test_glossary.py checks these pairs too.
import type { Lang } from "./i18n";

export const LEARN = {
  // --- the hint panel ---------------------------------------------------------------------------
  hintAsk: ["What would you play?", "换你会怎么走？"],
  hintThink: ["Think for", "思考"],
  hintSeconds: ["{n} s", "{n} 秒"],
  hintThinking: ["Thinking… ({n} s)", "思考中……（{n} 秒）"],
  hintTitle: ["The search's top moves", "搜索的首选操作"],
  hintNow: ["Your position now: {margin} OP, {win}% to win", "你当前的局面：{margin} 机会分，胜率 {win}%"],
  hintValue: ["{margin} OP · {win}% to win", "{margin} 机会分 · 胜率 {win}%"],
  hintVisits: ["{n} of {sims} simulations", "{sims} 次模拟中的 {n} 次"],
  hintPlay: ["Play it", "走这一步"],
  hintPreview: ["Show it", "查看"],
  hintStale: ["The game moved on: ask again.", "局面已变化：请重新询问。"],
  hintRated: ["Hints are off in rated games (they are allowed against bots and in unrated games).", "计分对局中不能使用提示（对战电脑玩家和不计分对局中可以使用）。"],
  hintBusy: ["The server is busy: ask again in a moment.", "服务器繁忙：请稍后再问。"],
  hintFailed: ["No hint: {why}", "没有提示：{why}"],
  hintsUsed: ["Hints asked: {n}", "已使用提示：{n} 次"],
  hintsShort: ["hints ×{n}", "提示 ×{n}"],
  hintNote: ["Asking for a hint is recorded, and a game with hints is not rated.", "使用提示会被记录，使用过提示的对局不计分。"],
  // --- the lobby ----------------------------------------------------------------------------------
  learnToPlay: ["Learn to play", "学习游戏"],
  learnIntro: ["A guided first game: 2 players, short, against the easy bot. The table explains each phase and decision the first time it comes up and suggests a move.", "引导式的第一局：2 名玩家，短局，对战简单电脑玩家。桌面会在每个阶段和每种决定第一次出现时加以讲解，并建议一步操作。"],
  learnStart: ["Start the guided game", "开始引导对局"],
  learnResume: ["Resume your guided game", "继续你的引导对局"],
  // the guided game's seat: a name, not a pronoun ('You takes Turn Order space 3', '你是 你')
  learnYou: ["Newcomer", "新手"],
  learnNoSeat: ["The new game has no seat for you. Please try again.", "新对局里没有你的座位，请重试。"],
  learnCoachName: ["Coach", "教练"],
  // --- the coach at the table -------------------------------------------------------------------
  tutTitle: ["Guided game", "引导对局"],
  tutGotIt: ["Got it", "知道了"],
  tutHide: ["Skip the guide", "跳过引导"],
  tutShow: ["Guide", "引导"],
  tutResume: ["The guide is off for this game.", "本局的引导已关闭。"],
  tutTurnOn: ["Turn it back on", "重新打开"],
  tutSuggest: ["Suggested move", "建议的操作"],
  tutFollow: ["Follow the suggestion", "按建议走"],
  tutIgnore: ["You may follow it, or play any move you like.", "你可以照做，也可以走任意一步。"],
  tutWaiting: ["The easy bot is playing; the guide waits for your turn.", "简单电脑玩家正在走；引导会等到你的回合。"],
  tutThinking: ["Looking for a sensible move…", "正在寻找一步合理的操作……"],
  tutOver: ["The game is over: well done for finishing your first game! The scores show where each player's OP came from.", "对局结束：恭喜你完成第一局！得分表列出了每位玩家机会分的来源。"],
  // phases (§1.1, §5, §12)
  tut_phase_setup: ["Setup: before the first round, each player picks a Turn Order space (it decides who plays first and which side you start on) and a Blueprint, and the first player places the Shuttle.", "准备阶段：第一轮之前，每位玩家选择一个顺位格（决定谁先行动、从哪一侧开始），并拿取一张蓝图，首位玩家放置穿梭机。"],
  tut_phase_colonization: ["Colonization phase: in Turn Order each player takes one turn: one Main action on the side of the board where their marker stands (Orbit or Colony), and at most one Executive action before or after it.", "殖民阶段：按顺位，每位玩家进行一个回合：在其标记所在的一侧（轨道或殖民地）执行一个主要行动，并可在其前或后执行至多一个执行行动。"],
  tut_phase_shuttle: ["Shuttle phase: the Shuttle moves toward the middle (or flies across). Each player chooses to travel to the other side or stay; travelling to the Colony explores Mars, travelling to Orbit runs your production. Then each picks a new Turn Order space.", "穿梭机阶段：穿梭机向中间移动（或飞到另一侧）。每位玩家选择前往另一侧或留下；前往殖民地可探索火星，前往轨道则进行生产。随后每位玩家选择新的顺位格。"],
  // decisions, the first time each comes up
  tut_seat: ["Choose a Turn Order space: the lower numbers play first in the next round. Spaces 1-4 are on the Orbit side, 5-8 on the Colony side, and many give a bonus.", "选择顺位格：编号小的在下一轮先行动。1-4 号在轨道一侧，5-8 号在殖民地一侧，许多格子带有奖励。"],
  tut_blueprint: ["Take a Blueprint: it shows an Advanced Building you can later build, and it scores OP at the end.", "拿取蓝图：它展示一种你以后可以建造的先进建筑，并在终局计分时给予机会分。"],
  tut_shuttle_side: ["Place the Shuttle: it starts on space 1 of the side you choose and flies to the other side when it reaches the middle.", "放置穿梭机：它从你所选一侧的 1 号格出发，到达中间后飞到另一侧。"],
  tut_turn: ["Choose an action: the highlighted Action slots are the Main actions of your side. Many need a Colonist from your Living Quarters; you may also use one Executive action from your Depot.", "选择行动：高亮的行动槽是你所在一侧的主要行动。许多行动需要从生活区派出一名殖民者；你还可以使用水晶库中的一个执行行动。"],
  tut_learn: ["Learn New Technology: take a Tech tile from the Tech Grid into your Lab. Tech tiles make buildings cheaper and score OP at the end.", "学习新科技：从科技网格拿取一块科技板块放入你的实验室。科技板块让建筑更便宜，并在终局计分时给予机会分。"],
  tut_pay: ["Pay the cost: choose which Resources or Crystals pay for it.", "支付费用：选择用哪些资源或水晶支付。"],
  tut_lab_gain: ["Your Lab space gives you its benefit: take the item it shows.", "你的实验室格给予其收益：拿取它所示的物品。"],
  tut_move_bots: ["Move your Bots on Mars: a building must stand next to one of your Bots (its building zone). Choose 'done' when they are where you want them.", "在火星上移动你的机器人：建筑必须建在你的一个机器人旁边（其施工范围内）。机器人到位后选择“完成”。"],
  tut_construct: ["Construct a Building: choose the hex on Mars (highlighted). Buildings raise the Life Support and the Colony level, and bring you OP.", "建造建筑：在火星上选择六角格（已高亮）。建筑会推进生命维持系统和殖民地等级，并为你带来机会分。"],
  tut_travel: ["Travel or stay: travelling takes your marker to the other side of the board, where other Main actions wait.", "前往或留下：前往会把你的标记移到另一侧，那里有其他主要行动。"],
  tut_explore: ["Explore: place a Discovery tile on Mars, 3 hexes from your Rover. Your Rover may later claim it.", "探索：在火星上距你的探测车 3 格处放置一块发现板块。你的探测车之后可以拿取它。"],
  tut_warehouse: ["Take an item from the Warehouse: Resources pay for buildings and Tech.", "从仓库拿取一件物品：资源用于支付建筑和科技的费用。"],
  tut_ship: ["Welcome a Ship: it leaves a row of your Depot, opening another Executive action, and gives a reward.", "迎接飞船：它离开你水晶库的一行，开放另一个执行行动，并给予奖励。"],
  tut_ship_reward: ["Choose the Ship's reward.", "选择飞船的奖励。"],
  tut_lss_bonus: ["Your building reached a new Life Support row first: choose its bonus.", "你的建筑率先到达生命维持系统的新一行：选择其奖励。"],
  tut_control: ["Control Center: move your Bots or your Rover on Mars.", "控制中心：在火星上移动你的机器人或探测车。"],
  tut_upgrade: ["Upgrade a Building into an Advanced Building from one of your Blueprints.", "按你的一张蓝图把一座建筑升级为先进建筑。"],
  tut_placement_cost: ["That Action slot holds another Colonist: pay to place yours there.", "该行动槽已有另一名殖民者：支付费用以派出你的殖民者。"],
  tut_develop: ["Develop a Tech tile: raise its level in your Lab.", "发展科技板块：在你的实验室中提升其等级。"],
  tut_hire: ["Hire a Scientist or take an Earth Contract: both score OP at the end.", "雇佣科学家或拿取地球合约：两者都在终局计分时给予机会分。"],
  tut_advanced: ["Use an Advanced Building action: one of the actions your Advanced Buildings give.", "使用先进建筑行动：你的先进建筑提供的行动之一。"],
  tut_other: ["A new kind of decision: the bar under the map says what it asks, and every choice is in the list.", "一种新的决定：地图下方的提示栏说明要决定什么，所有选项都在列表中。"],
} as const satisfies Record<string, readonly [string, string]>;

export type LearnKey = keyof typeof LEARN;

export type LT = (key: LearnKey, params?: Record<string, string | number>) => string;

/** The words in ``lang``, with ``{name}`` filled in. */
export function learnT(lang: Lang): LT {
  const index = lang === "zh" ? 1 : 0;
  return (key, params) => {
    let s: string = LEARN[key][index];
    if (params) for (const [k, v] of Object.entries(params)) s = s.split(`{${k}}`).join(String(v));
    return s;
  };
}
