import { describe, expect, it } from "vitest";
import { deviceLabel } from "./device-label";

const PIXEL_REDUCED = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const SAMSUNG = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IPHONE_CHROME =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const EDGE = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe("a device's label in the Alerts dialog", () => {
  it("when Chrome on Android hides the model, then the model comes from client hints, else a plain phone", () => {
    expect(deviceLabel(PIXEL_REDUCED, 5, "Pixel 8")).toBe("Pixel 8 · Chrome");
    expect(deviceLabel(PIXEL_REDUCED, 5)).toBe("Android phone · Chrome");
  });

  it("when the user agent names the model, then it is used", () => {
    expect(deviceLabel(SAMSUNG, 5)).toBe("SM-S911B · Samsung Internet");
  });

  it("when it is an iPhone or an iPad asking for the desktop site, then it says so", () => {
    expect(deviceLabel(IPHONE, 5)).toBe("iPhone · Safari");
    expect(deviceLabel(IPHONE_CHROME, 5)).toBe("iPhone · Chrome");
    expect(deviceLabel(IPAD, 5)).toBe("iPad · Safari");
    expect(deviceLabel(IPAD, 0)).toBe("Mac · Safari");
  });

  it("when it is a computer, then its system and browser", () => {
    expect(deviceLabel(EDGE)).toBe("Windows · Edge");
    expect(deviceLabel(FIREFOX_LINUX)).toBe("Linux · Firefox");
  });
});
