/**
 * The libraries every page runs: React, the router and SWR. The build's second entry point, never loaded
 * itself. esbuild puts a module in a chunk by the entry points that reach it, so these modules, reached from
 * here too, get a chunk of their own instead of being part of the app's shell, and the loader runs that chunk
 * a task before the shell (client/entry-loader.ts): one chunk of both was 36–54 ms of one task on the
 * calibrated phone (issue 34). One name each, one the app uses, so that the build keeps nothing more.
 */
export { useState } from "react";
export { jsx } from "react/jsx-runtime";
export { useLocation } from "react-router";
export { default as useSWR } from "swr";
