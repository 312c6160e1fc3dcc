/** A page about one child of the flow: `?child=<id>` names the child (the family's first otherwise). */
export function withChild(path: string, childId: number | null | undefined): string {
  return childId ? `${path}?${new URLSearchParams({ child: String(childId) })}` : path;
}
