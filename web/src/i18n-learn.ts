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
  tut_phase_setup: ["Setup: before the first round, each player, one after another, takes an empty Turn Order space (it decides who plays first and which side you start on) and may take its bonus; then the player on the highest space places the Shuttle.", "准备阶段：第一轮之前，每位玩家依次占据一个空的顺位格（决定谁先行动、从哪一侧开始），并可拿取其奖励；随后占据编号最大顺位格的玩家放置穿梭机。"],
  tut_phase_colonization: ["Colonization phase: in Turn Order each player takes one turn: one Main action on the side of the board where their marker stands (Orbit or Colony), and at most one Executive action before or after it.", "殖民阶段：按顺位，每位玩家进行一个回合：在其标记所在的一侧（轨道或殖民地）执行一个主要行动，并可在其前或后执行至多一个执行行动。"],
  tut_phase_shuttle: ["Shuttle phase: the Shuttle moves one space toward the middle, or flies across from space 1. Each player chooses to travel to the other side or stay: travelling to the Colony explores Mars, travelling to Orbit runs your production, and a traveller takes a new Turn Order space on the new side; who stays keeps their space, without a bonus.", "穿梭机阶段：穿梭机向中间移动一格，或从 1 号格飞到另一侧。每位玩家选择前往另一侧或留下：前往殖民地可探索火星，前往轨道则进行生产，前往的玩家在新的一侧选择新的顺位格；留下的玩家保留原来的顺位格，没有奖励。"],
  // decisions, the first time each comes up
  tut_seat: ["Choose a Turn Order space: the lower numbers play first. Spaces 1-4 are on the Orbit side, 5-8 on the Colony side, and many give a bonus when you take them.", "选择顺位格：编号小的先行动。1-4 号在轨道一侧，5-8 号在殖民地一侧，许多格子在你占据时给予奖励。"],
  tut_blueprint: ["Take a Blueprint: it shows an Advanced Building you can later upgrade a building into. Built, it scores OP at the end; unbuilt, it costs OP.", "拿取蓝图：它展示一种你以后可以把建筑升级成的先进建筑。建成则终局获得机会分，未建成则扣机会分。"],
  tut_shuttle_side: ["Place the Shuttle: it starts on space 1 of the side you choose, next to the middle, so it flies to the other side in the first Shuttle phase: players on that side then travel free.", "放置穿梭机：它从你所选一侧的 1 号格（紧邻中间）出发，因此会在第一个穿梭机阶段飞到另一侧：届时该侧的玩家可以免费前往。"],
  tut_turn: ["Choose an action: the highlighted Action slots are the Main actions of your side. Many need a Colonist from your Living Quarters; you may also use one Executive action from your Depot.", "选择行动：高亮的行动槽是你所在一侧的主要行动。许多行动需要从生活区派出一名殖民者；你还可以使用水晶库中的一个执行行动。"],
  tut_learn: ["Learn New Technology: take a Tech tile from the Tech Grid into column 1 of your Lab (the bottom row is free, the rows above cost a Battery or more). A Tech tile lets buildings of its type join a Complex, anyone may use yours, and it scores OP at the end by its Lab column.", "学习新科技：从科技网格拿取一块科技板块放入你实验室的第 1 列（最下一行免费，上面的行需要 1 个电池或更多）。科技板块让同类建筑能接入建筑群，任何人都可以借用你的科技板块，终局时按其所在实验室列计机会分。"],
  tut_pay: ["Pay the cost: choose which Resources or Crystals pay for it.", "支付费用：选择用哪些资源或水晶支付。"],
  tut_lab_gain: ["Your Lab space gives you its benefit: take the item it shows.", "你的实验室格给予其收益：拿取它所示的物品。"],
  tut_move_bots: ["Move your Bots on Mars: a building must stand in one of your Bots' building zones (its hex and the 6 around it). Choose 'Done' when they are where you want them.", "在火星上移动你的机器人：建筑必须建在你的一个机器人的施工范围内（其所在格及周围 6 格）。机器人到位后选择“完成”。"],
  tut_construct: ["Construct a Building: choose a highlighted hex in one of your Bots' building zones, next to a building of its type (with a Tech tile) or exactly 2 hexes from one. You gain Resources for the size of its Complex; Generators, Water Extractors, Greenhouses and Oxygen Condensers also move up the Life Support markers.", "建造建筑：在你的机器人的施工范围内选择一个高亮的六角格，紧邻同类建筑（需要科技板块）或与同类建筑恰好相距 2 格。你按其建筑群的大小获得资源；发电设施、取水装置、温室和氧气设施还会推进生命维持系统的标记。"],
  tut_travel: ["Travel or stay: travelling takes your marker to the other side of the board, where other Main actions wait. It is free if the Shuttle flew from your side this phase; otherwise it costs a Ship from your Hangar (3 OP less at the end).", "前往或留下：前往会把你的标记移到另一侧，那里有其他主要行动。如果穿梭机本阶段从你所在一侧出发，前往免费；否则需要从你的机库弃掉一艘飞船（终局少 3 机会分）。"],
  tut_explore: ["Explore: place one of the two Discovery tiles on an empty hex of Mars exactly 3 hexes from your Rover. Your Rover may later claim it.", "探索：把两块发现板块之一放在火星上距你的探测车恰好 3 格的空六角格。你的探测车之后可以拿取它。"],
  tut_warehouse: ["Take an item from the Warehouse: Resources pay for buildings and Tech.", "从仓库拿取一件物品：资源用于支付建筑和科技的费用。"],
  tut_ship: ["Welcome a Ship: pay 1 Plant and 1 Water; the Ship leaves a row of your Depot for your Hangar (3 OP at the end), opening that row's Executive action, and gives a reward.", "迎接飞船：支付 1 植物和 1 水；飞船离开你水晶库的一行进入机库（终局 3 机会分），开放该行的执行行动，并给予奖励。"],
  tut_colonist_bonus: ["Turn Order space 5's bonus: a Colonist from your supply joins your Living Quarters, ready for your actions. Every Turn Order bonus is optional: 'Done' declines it.", "顺位格 5 的奖励：你储备中的一名殖民者进入生活区，可供你的行动使用。每项顺位格奖励都是可选的：选择“完成”即可放弃。"],
  tut_ship_reward: ["Choose the Ship's reward.", "选择飞船的奖励。"],
  tut_lss_bonus: ["Your building moved up a Life Support marker that was below the Colony level: you score that column's Reward tile and choose one bonus.", "你的建筑推进了一个低于殖民地等级的生命维持系统标记：你获得该列奖励板块的机会分，并选择一项奖励。"],
  tut_control: ["Control Center: 2 movement points for your Bots and 2 for your Rover; Crystals from your Depot buy more. Choose 'Done' when they are where you want them.", "控制中心：你的机器人获得 2 点移动力，探测车也获得 2 点；水晶库中的水晶可以换取更多。到位后选择“完成”。"],
  tut_upgrade: ["Upgrade a Building: pay 1 Mineral and put the Advanced Building marker of one of your Blueprints on a matching building in one of your Bots' building zones.", "升级建筑：支付 1 矿物，把你的一张蓝图上的先进建筑标记放到你的机器人施工范围内的相应建筑上。"],
  tut_placement_cost: ["Colonists already stand on this action: in a 2-player game you pay 1 for each of them (yours too), a Crystal or a Colonist sent from your Living Quarters to your Working Area.", "该行动上已有殖民者：2 人游戏中每有一名（包括你自己的）就支付 1：一个水晶，或从生活区派一名殖民者到工作区。"],
  tut_develop: ["Develop a Tech tile: move it one column right in your Lab into an empty space next to it, paying that column's cost; you may take the new space's benefit.", "发展科技板块：在你的实验室中把它向右移动一列，放到相邻的空格，支付该列的费用；你可以拿取新格子的收益。"],
  tut_hire: ["Hire a Scientist or take an Earth Contract: a Scientist scores 3 OP for each Advanced Building of one type on Mars; a Contract scores if fulfilled at the end and costs OP if not.", "招募科学家或拿取地球合约：科学家按火星上某一类先进建筑每座计 3 机会分；合约在终局完成则得分，未完成则扣分。"],
  tut_advanced: ["Use an Advanced Building action: one of the actions your Advanced Buildings give.", "使用先进建筑行动：你的先进建筑提供的行动之一。"],
  tut_new_bot: ["Place your new Bot: it goes on one of your Shelters with no piece on it (or the nearest empty hex), and its building zone opens more hexes to build on.", "放置你的新机器人：它放在你的一座没有棋子的住所上（或最近的空六角格），其施工范围让你有更多可建造的六角格。"],
  tut_refill_science: ["Refill the display: you took a card, so choose the Earth Contract that takes its place (the other player may take it later).", "补充展示区：你拿走了一张牌，请选择补上空位的地球合约（对手之后也可以拿取它）。"],
  tut_owner_develop: ["Another player used your Tech tile and gave you 1 Oxygen: develop that tile once for free (returning the Oxygen), or keep the Oxygen.", "另一位玩家借用了你的科技板块并给了你 1 氧气：免费发展该板块一次（退还氧气），或保留氧气。"],
  tut_claim: ["Your Rover ended on a tile: take it and its benefit now, or leave it.", "你的探测车停在一块板块上：现在拿取它及其收益，或留下它。"],
  tut_construct_tech: ["This building joins a Complex: use a Tech tile of its type (yours, or another player's, who then gets 1 Oxygen).", "这座建筑接入一个建筑群：使用一块同类科技板块（你自己的，或他人的，对方因此获得 1 氧气）。"],
  tut_rover_move: ["Move your Rover: it collects Crystals it passes, and may claim a Discovery or Research tile where it stops.", "移动你的探测车：它收集经过的水晶，并可拿取停留处的发现板块或研究板块。"],
  tut_retrieve: ["Retrieve a Colonist: one of yours on an Action slot or in your Working Area returns to your Living Quarters.", "回收殖民者：把你在行动槽或工作区的一名殖民者回收到生活区。"],
  tut_displace: ["A building went up where your Bot or Rover stood: choose the nearest free hex it moves to.", "有建筑建在你的机器人或探测车所在的六角格：选择它移去的最近空位。"],
  tut_goal_reward: ["You completed a Private Goal (only one per game): choose its reward.", "你完成了一张私人目标（每局只能完成一张）：选择其奖励。"],
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
