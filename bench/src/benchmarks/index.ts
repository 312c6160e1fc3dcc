import type { Benchmark } from "../harness/benchmark";
import { healthBenchmark } from "./health";
import { photoProcessingBenchmark } from "./photo-processing";

/** Every benchmark `npm run bench` runs, in this order; a new one is added here. */
export const benchmarks: Benchmark[] = [healthBenchmark, photoProcessingBenchmark];
