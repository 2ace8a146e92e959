/** "teacher" → "Teacher": how the shell shows a role. */
export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}
