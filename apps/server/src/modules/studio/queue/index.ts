/**
 * The render queue: fair priorities between families and the wait estimates shown to parents. Code outside
 * this folder imports only from here.
 */
export { toGeneratedImages } from "./queue-estimates";
export { queuePriorities, queueRenders } from "./queue-priority";
