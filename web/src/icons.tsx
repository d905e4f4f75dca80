// Small drawn icons for items and pieces (no emoji: they need fonts many systems lack).
const COLOUR: Record<string, string> = {
  mineral: "#a08b78", battery: "#e8c547", water: "#56b4e9", plant: "#5cb85c", oxygen: "#bfe3f0",
  crystal: "#d36fd8", colonist: "#e9e2d6", ship: "#c9c2d2", bot: "#c9c2d2", mars: "#d0603a",
  bell: "#e69f00", mute: "#c9c2d2", chat: "#8fd0ff",
};

export function Icon({ name, size = 13, fill }: { name: string; size?: number; fill?: string }) {
  const c = fill ?? COLOUR[name] ?? "#ccc";
  let shape;
  switch (name) {
    case "mineral":
      shape = <polygon points="10,2 17,6 17,14 10,18 3,14 3,6" fill={c} stroke="#222" />;
      break;
    case "battery":
      shape = <g><rect x="4" y="4" width="12" height="14" rx="1.5" fill={c} stroke="#222" /><rect x="7.5" y="1.5" width="5" height="3" fill="#222" /></g>;
      break;
    case "water":
      shape = <path d="M10 2 C10 2 4 10 4 13 A6 6 0 0 0 16 13 C16 10 10 2 10 2 Z" fill={c} stroke="#222" />;
      break;
    case "plant":
      shape = <path d="M10 18 L10 9 M10 11 C4 11 3 6 3 4 C8 4 10 7 10 11 M10 9 C10 5 13 2 17 2 C17 6 14 9 10 9" fill={c} stroke="#1f4d1f" stroke-width="1.3" />;
      break;
    case "oxygen":
      shape = <g><circle cx="10" cy="10" r="7.5" fill={c} stroke="#222" /><text x="10" y="13.5" font-size="9" text-anchor="middle" fill="#123" font-weight="700">O₂</text></g>;
      break;
    case "crystal":
      shape = <polygon points="10,1.5 16,8 10,18.5 4,8" fill={c} stroke="#222" />;
      break;
    case "colonist":
      shape = <g fill={c} stroke="#222"><circle cx="10" cy="6" r="3.6" /><path d="M3.5 18 C3.5 11 16.5 11 16.5 18 Z" /></g>;
      break;
    case "ship":
      shape = <path d="M10 1.5 C14 5 14 11 13 15 L7 15 C6 11 6 5 10 1.5 Z M7 12 L3.5 17 L7 15.5 M13 12 L16.5 17 L13 15.5" fill={c} stroke="#222" />;
      break;
    case "bot":
      shape = <g fill={c} stroke="#222"><rect x="4" y="6" width="12" height="10" rx="2" /><circle cx="8" cy="11" r="1.3" fill="#222" /><circle cx="12" cy="11" r="1.3" fill="#222" /><path d="M10 6 L10 3" /></g>;
      break;
    case "bell": // the notifications panel
      shape = <g fill={c} stroke="#222"><path d="M10 2.5 C6 2.5 5 6 5 9 L5 12.5 L3 15 L17 15 L15 12.5 L15 9 C15 6 14 2.5 10 2.5 Z" /><circle cx="10" cy="17" r="2" /></g>;
      break;
    case "mute": // a speaker struck through: mute a chat sender
      shape = <g stroke={c} stroke-width="1.6" fill="none"><path d="M3 8 L6 8 L10 4.5 L10 15.5 L6 12 L3 12 Z" fill={c} /><path d="M13 7 L18 13 M18 7 L13 13" /></g>;
      break;
    case "chat": // a speech bubble
      shape = <path d="M3 4 L17 4 L17 13 L9 13 L5 17 L5 13 L3 13 Z" fill={c} stroke="#222" />;
      break;
    case "mars":
      shape = <circle cx="10" cy="10" r="8" fill={c} stroke="#7a3520" />;
      break;
    default:
      shape = <circle cx="10" cy="10" r="6" fill={c} />;
  }
  return (
    <svg class="icon" width={`${(size / 13).toFixed(2)}em`} height={`${(size / 13).toFixed(2)}em`} viewBox="0 0 20 20" aria-hidden="true">
      {shape}
    </svg>
  );
}
