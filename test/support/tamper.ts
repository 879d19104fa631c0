/**
 * Changes the first character of a sealed value to one it surely is not. Writing a fixed
 * character instead leaves the value untouched whenever it already starts with that character
 * (one run in 64 for base64url), and the test then "accepts a tampered form" by chance.
 */
export function tamperFirstCharacter(sealed: string): string {
  const first = sealed.charAt(0);
  return (first === 'A' ? 'B' : 'A') + sealed.slice(1);
}
