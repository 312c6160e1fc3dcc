/**
 * The server renders one page at a time: a signed-in page's render reads its parent's session and
 * family from module state while its requests resolve (decision 0066), so no other render, a public
 * page's shared copy above all, may run in between.
 */
let last: Promise<unknown> = Promise.resolve();

export function oneAtATime<T>(render: () => Promise<T>): Promise<T> {
  const next = last.then(render, render);
  last = next.catch(() => undefined);
  return next;
}
