// "Pixel 8 · Chrome", "iPhone · Safari", "Windows · Edge": how the Alerts dialog names the
// device that turns alerts on (docs/decisions/030), from what the browser says about itself. Chrome
// hides the phone's model in its user agent ("Android 10; K"), so the model comes from
// User-Agent Client Hints where the browser offers them (docs/decisions/030).

const BROWSERS: [RegExp, string][] = [
  [/EdgiOS|EdgA|Edg\//, "Edge"],
  [/SamsungBrowser/, "Samsung Internet"],
  [/OPR\/|OPiOS|Opera/, "Opera"],
  [/FxiOS|Firefox\//, "Firefox"],
  [/CriOS|Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

export function browserName(userAgent: string) {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Browser";
}

/** A model worth showing: Chrome's reduced user agent says "K" and headless ones say nothing. */
const realModel = (model: string | undefined) => (model && model.trim().length > 1 ? model.trim() : undefined);

export function deviceName(userAgent: string, touchPoints = 0, model?: string) {
  if (/iPhone/.test(userAgent)) return "iPhone";
  // iPadOS asks for the desktop site: it calls itself a Mac, but a Mac has no touch screen.
  if (/iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1)) return "iPad";
  if (/Android/.test(userAgent)) {
    const fromAgent = /Android [\d.]+; (?:[a-z]{2}[-_][a-z]{2}; )?([^;)]+?)(?: Build\/[^;)]*)?\)/i.exec(userAgent)?.[1];
    return realModel(model) ?? realModel(fromAgent) ?? (/Mobile/.test(userAgent) ? "Android phone" : "Android tablet");
  }
  if (/Windows/.test(userAgent)) return "Windows";
  if (/CrOS/.test(userAgent)) return "Chromebook";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "Mac";
  if (/Linux/.test(userAgent)) return "Linux";
  return "This device";
}

export function deviceLabel(userAgent: string, touchPoints = 0, model?: string) {
  return `${deviceName(userAgent, touchPoints, model)} · ${browserName(userAgent)}`.slice(0, 80);
}

interface UserAgentData {
  getHighEntropyValues(hints: string[]): Promise<{ model?: string }>;
}

/** This browser's label, with the phone's model when the browser will say it. */
export async function thisDeviceLabel() {
  const hints = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const model = await hints
    ?.getHighEntropyValues(["model"])
    .then((values) => values.model)
    .catch(() => undefined);
  return deviceLabel(navigator.userAgent, navigator.maxTouchPoints, model);
}
