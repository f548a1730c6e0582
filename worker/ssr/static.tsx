/**
 * Server-only markup that never hydrates (no client code): the top banner's frame page, the operator's pages and
 * the drawn pictures as SVG files. React, rendered once to a string, like the site's pages but without streaming.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** An element as markup (an SVG file's text). */
export const staticMarkup = (element: ReactElement): string => renderToStaticMarkup(element);

/** A whole HTML document (`<html>` as the element) with its doctype. */
export const staticDocument = (page: ReactElement): string => `<!doctype html>${staticMarkup(page)}`;
