/**
 * Video and print: the paid add-ons made from a finished portrait (decision 0033). Code outside this
 * folder imports only from here.
 */
export { createPortraitVideo } from "./create-portrait-video";
export { videoKeysOf } from "./portrait-video-record";
export { portraitVideos } from "./portrait-videos";
export { printPortrait } from "./print-portrait";
export { renderPortraitVideo } from "./render-portrait-video";
