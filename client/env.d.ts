/** CSS imports are bundled by esbuild for the browser and read as text by the worker. */
declare module "*.css";
