/**
 * Runs in the studio page (installed as an init script, hence plain JavaScript: the bench is not
 * compiled with the DOM's types). `arm(label, count)` starts watching the gallery list named
 * `label` for a click that asks for `count` portraits; the next click anywhere is the start, and
 * `result` then resolves with, on the page's own clock (performance.now(), the clock of the click
 * event's timeStamp):
 *
 * - `pendingMs`: the click until a new card is first at the top of the gallery (the pending one);
 * - `shownMs`: the click until the `count` new cards at the top all hold a finished portrait whose
 *   image has loaded (`complete` with pixels), i.e. can be painted; the fade-in is not counted;
 * - the bytes of the generate answer and of the image, from resource timing.
 *
 * Checked once per animation frame, the granularity at which anything can appear on screen.
 */
export const clickWatchScript = `
window.__studioBench = {
  result: null,
  arm(label, count) {
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(1000);
    const list = () =>
      [...document.querySelectorAll("ul[aria-label]")].find((element) => element.getAttribute("aria-label") === label);
    const previous = list()?.firstElementChild ?? null;
    let clickedAt = null;
    let pendingAt = null;
    document.addEventListener("click", (event) => { clickedAt = event.timeStamp; }, { capture: true, once: true });
    const transferOf = (matches) => {
      const entries = performance.getEntriesByType("resource").filter((entry) => matches(entry.name));
      return entries.length > 0 ? entries[entries.length - 1].transferSize : 0;
    };
    this.result = new Promise((resolve) => {
      const frame = () => {
        const now = performance.now();
        const card = list()?.firstElementChild ?? null;
        if (clickedAt !== null && card !== null && card !== previous) {
          if (pendingAt === null) pendingAt = now;
          const cards = [...list().children].slice(0, count);
          const failed = cards.find((item) => item.getAttribute("data-status") === "failed");
          if (failed) return resolve({ error: "a portrait failed: " + failed.textContent });
          const images = cards.map((item) =>
            item.getAttribute("data-status") === "succeeded" ? item.querySelector("img") : null,
          );
          const fresh = cards.length === count && !cards.includes(previous);
          if (fresh && images.every((image) => image && image.complete && image.naturalWidth > 0)) {
            return resolve({
              pendingMs: pendingAt - clickedAt,
              shownMs: now - clickedAt,
              generateBytes: transferOf((name) => new URL(name).pathname === "/api/generation/generate"),
              imageBytes: images.reduce((sum, image) => sum + transferOf((name) => name === image.currentSrc), 0),
            });
          }
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  },
};
`;

export type ClickTiming =
  | { error: string }
  | { pendingMs: number; shownMs: number; generateBytes: number; imageBytes: number };
