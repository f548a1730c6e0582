/**
 * The light box: the root state's `light_box_slides` of SPEC §3 as a small context. A page wraps its content
 * in the provider; any picture opens the slides at an index. ←/→ and swipes move, Esc and the cross close;
 * the modal behaviour (focus kept inside and given back) is Dialog's. The view loads when it first opens.
 */
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from "react";
import { lazyPart } from "../../pages";
import type LightBoxView from "./LightBoxView";
import "./complex.css";

/** The light box itself (LightBoxView.tsx): its own chunk, loaded when a picture is first opened. */
const VIEW = lazyPart<ComponentProps<typeof LightBoxView>>(() => import("./LightBoxView"));

export interface Slide {
  key: string;
  caption: string;
  content: ReactNode;
}

interface LightBoxState {
  /** SPEC §3 light_box_slides: what the light box shows; null when it is closed. */
  slides: readonly Slide[] | null;
  index: number;
}

interface LightBoxApi {
  open(slides: readonly Slide[], index: number): void;
}

const LightBoxContext = createContext<LightBoxApi>({ open: () => undefined });

export const useLightBox = () => useContext(LightBoxContext);

export function LightBoxProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LightBoxState>({ slides: null, index: 0 });
  const api = useMemo<LightBoxApi>(() => ({ open: (slides, index) => setState({ slides, index }) }), []);
  const close = useCallback(() => setState({ slides: null, index: 0 }), []);
  const step = useCallback(
    (delta: number) =>
      setState((s) =>
        s.slides ? { ...s, index: (s.index + delta + s.slides.length) % s.slides.length } : s,
      ),
    [],
  );
  return (
    <LightBoxContext.Provider value={api}>
      {children}
      {state.slides && (
        <Suspense fallback={null}>
          <VIEW.Component slides={state.slides} index={state.index} onStep={step} onClose={close} />
        </Suspense>
      )}
    </LightBoxContext.Provider>
  );
}
