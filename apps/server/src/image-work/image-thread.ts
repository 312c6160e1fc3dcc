import { type ImageTaskName, runImageTask } from "./image-tasks";

/** The entry of each image-work thread: piscina calls it with one task at a time. */
export default function runInThread(task: { name: ImageTaskName; input: unknown }) {
  return runImageTask(task.name, task.input);
}
