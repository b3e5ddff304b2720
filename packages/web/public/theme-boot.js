// Applies the signed-in user's cached display preferences before the first paint (the app
// replaces them with the server's copy once it has loaded). A file, not an inline script:
// the Content-Security-Policy allows scripts from this origin only. Keep in step with
// src/lib/ui-settings-cache.ts (same key and shape).
(function () {
  try {
    var raw = localStorage.getItem("content-studio:ui-settings");
    if (!raw) return;
    var cached = JSON.parse(raw);
    var s = cached && cached.settings;
    if (!s || typeof s !== "object") return;
    var root = document.documentElement;
    if (s.darkMode === true) root.classList.add("dark");
    var accents = ["blue", "green", "purple", "red", "orange", "teal"];
    root.setAttribute("data-accent", accents.indexOf(s.accentColor) >= 0 ? s.accentColor : "blue");
    if (s.compactMode === true) root.setAttribute("data-density", "compact");
  } catch (e) {
    // Storage blocked or unreadable: the app applies the server's settings once loaded.
  }
})();
