import { workerData } from "node:worker_threads";
import { type ImageTaskName, runImageTask, warmSafetyClassifier } from "./image-tasks";

// A thread starts loading the safety network at once (≈ 13 s on 2 busy cores), so the first photo
// or portrait it screens does not wait for all of it.
const warm = (workerData as { warmSafetyModel?: Parameters<typeof warmSafetyClassifier>[0] } | null)
  ?.warmSafetyModel;
if (warm) warmSafetyClassifier(warm);

/** The entry of each image-work thread: piscina calls it with one task at a time. */
export default function runInThread(task: { name: ImageTaskName; input: unknown }) {
  return runImageTask(task.name, task.input);
}
