// A guided first game's progress (issue 25.2), kept in this browser per game: whether the guide
// is on and which explanations the player has read, so that leaving the page and coming back
// resumes where they were. A game without a record here is no guided game.
export interface Tutorial {
  on: boolean; // the guide shows (off: skipped; it can be turned back on)
  seen: string[]; // the lessons read ("phase:shuttle", "step:learn")
}

const PREFIX = "onmars.tutorial.";
/** The guided game the lobby offers to resume. */
export const CURRENT = "onmars.tutorial.current";

export function tutorialOf(id: string): Tutorial | null {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFIX + id) || "null");
    if (!saved || typeof saved !== "object") return null;
    return { on: saved.on !== false, seen: Array.isArray(saved.seen) ? saved.seen.filter((x: unknown) => typeof x === "string") : [] };
  } catch {
    return null;
  }
}

export function saveTutorial(id: string, tut: Tutorial): void {
  localStorage.setItem(PREFIX + id, JSON.stringify(tut));
}

export function startTutorial(id: string): void {
  saveTutorial(id, { on: true, seen: [] });
  localStorage.setItem(CURRENT, id);
}

export function currentTutorial(): string | null {
  const id = localStorage.getItem(CURRENT);
  return id && tutorialOf(id) ? id : null;
}

export function finishTutorial(id: string): void {
  if (localStorage.getItem(CURRENT) === id) localStorage.removeItem(CURRENT);
}
