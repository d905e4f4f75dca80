// The service worker of On Mars (issue 24 item 2): it shows the server's "your turn" Web Push
// messages while no page of the game is open, and opens (or focuses) the game when one is
// clicked. A message holds the words to show and a path on this site (never a seat's token).
// Nothing is cached: the game is live and the pages are always fetched from the server.
/* eslint-env serviceworker */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function sameSitePath(url) {
  // Only a path on this site: a message can never send the player elsewhere.
  return typeof url === "string" && /^\/(play|watch)\/[A-Za-z0-9_-]{1,32}$/.test(url) ? url : "/";
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = String(data.title || "On Mars");
  const options = {
    body: String(data.body || ""),
    tag: String(data.tag || "onmars"),
    renotify: true,
    data: { url: sameSitePath(data.url) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sameSitePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (new URL(w.url).pathname === path && "focus" in w) return w.focus();
      }
      return self.clients.openWindow(path);
    }),
  );
});
