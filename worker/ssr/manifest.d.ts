/**
 * The manifest that scripts/build-client.mjs writes (gitignored), declared so that a fresh clone typechecks
 * before any build.
 */
declare module "*/manifest.generated.json" {
  const manifest: import("./assets").ClientManifest;
  export default manifest;
}
