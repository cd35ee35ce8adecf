/** A text's counter, as the messages show it: nothing until the last 200 characters, then how many are left. */
export function charactersLeft(length: number, max: number): string {
  return length > max - 200 ? `${max - length} characters left` : '';
}
