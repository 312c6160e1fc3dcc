import type { Benchmark } from "../harness/benchmark";
import { authenticatedListBenchmark } from "./authenticated-list";
import { faceIdentityBenchmark } from "./face-identity";
import { firstLoadBenchmark } from "./first-load";
import { generateConcurrencyBenchmark } from "./generate-concurrency";
import { groupPhotosBenchmark } from "./group-photos";
import { healthBenchmark } from "./health";
import { photoProcessingBenchmark } from "./photo-processing";
import { portraitRenderingBenchmark } from "./portrait-rendering";
import { previewLatencyBenchmark } from "./preview-latency";
import { safetyScreeningBenchmark } from "./safety-screening";
import { startupBenchmark } from "./startup";
import { studioClickToImageBenchmark } from "./studio-click-to-image";
import { studioThroughputBenchmark } from "./studio-throughput";
import { uploadsVsHealthBenchmark } from "./uploads-vs-health";

/** Every benchmark `npm run bench` runs, in this order; a new one is added here. */
export const benchmarks: Benchmark[] = [
  healthBenchmark,
  photoProcessingBenchmark,
  groupPhotosBenchmark,
  faceIdentityBenchmark,
  portraitRenderingBenchmark,
  generateConcurrencyBenchmark,
  studioClickToImageBenchmark,
  studioThroughputBenchmark,
  uploadsVsHealthBenchmark,
  startupBenchmark,
  firstLoadBenchmark,
  authenticatedListBenchmark,
  previewLatencyBenchmark,
  safetyScreeningBenchmark,
];
