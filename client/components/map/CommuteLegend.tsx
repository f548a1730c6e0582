/**
 * The legend of the map coloured by commute (issue 32): what each colour means, that a cluster takes its
 * quickest complex's, and the destination's mark. Rendered by the server too, so the picture without
 * JavaScript is explained as well; the colours are never the only sign (the points' labels and cards say the
 * minutes).
 */

import { COMMUTE_HORIZON } from "../../../shared/filters/commute";
import type { MapDestination } from "../../../shared/schemas/map";
import { COMMUTE_BANDS, commuteBandColor, commuteBandLabel } from "../../../shared/transit/bands";
import { DESTINATION_WALK_MAX } from "../../../shared/transit/destination";
import { approxMinutes } from "../../../shared/transit/text";
import { AppLink } from "../AppLink";
import { stationName } from "../complex/text";
import { destinationWords } from "./PointPicker";

const BANDS = [...COMMUTE_BANDS.keys(), -1];

export function CommuteLegend({ to }: { to: MapDestination }) {
  const where = destinationWords(to);
  const station = stationName({ name: to[0], kind: to[1] });
  return (
    <section className="cmap-legend" aria-labelledby="cmap-legend-title">
      <h2 id="cmap-legend-title" className="cmap-legend__title">
        Время в пути до {where}
      </h2>
      <ul className="cmap-legend__bands">
        {BANDS.map((band) => (
          <li key={band}>
            <span className="cmap-legend__swatch" style={{ background: commuteBandColor(band) }} />
            {commuteBandLabel(band)}
          </li>
        ))}
        <li>
          <span className="cmap-legend__dest" style={{ background: to[2] }} />
          {to[5] === undefined ? station : `${station}, от неё до точки ${approxMinutes(to[5])} пешком`}
        </li>
      </ul>
      <p className="cmap-legend__note">
        Кружок с числом окрашен по самому быстрому ЖК в нём. Заливка показывает, сколько ехать из любого места
        карты: пешком до станции (не больше {DESTINATION_WALK_MAX}&nbsp;минут) и оттуда на метро, МЦК или МЦД.
        Где заливки нет, станции в пешей доступности нет или дорога занимает больше {COMMUTE_HORIZON}
        &nbsp;минут. Время примерное: <AppLink to="/vremya-v-puti/">как мы его считаем</AppLink>.
      </p>
    </section>
  );
}
