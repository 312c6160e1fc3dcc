/** How a member is called on the page: their name, or their e-mail while they have none. */
export function displayName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
