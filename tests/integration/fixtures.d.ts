/** Fixture files imported as text (Vite's `?raw`): the example feeds of tests/fixtures/feeds. */
declare module "*.xml?raw" {
  const text: string;
  export default text;
}
