/**
 * The complex page's one lazy part below its first screen (ARCHITECTURE.md, «Budgets»): every section after
 * the section links (ComplexSections.tsx), in a chunk of its own (lazyPart in client/pages.ts). The apartments'
 * pages import the same components directly: there they are the first screen.
 */
import { lazyPart } from "../../pages";
import type { ComplexSectionsProps } from "./ComplexSections";

export const SECTIONS = lazyPart<ComplexSectionsProps>(() => import("./ComplexSections"));
