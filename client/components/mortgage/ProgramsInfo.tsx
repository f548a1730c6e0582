import { formatDate } from "../../../shared/format";
import { formatRate, PROGRAM_IDS, PROGRAMS, PROGRAMS_CHECKED_AT } from "../../../shared/mortgage";

/**
 * The programmes' conditions as the calculator applies them, with the date and the source: text below the
 * calculator, in its own chunk (client/routes/mortgage.tsx).
 */
export default function ProgramsInfo() {
  return (
    <section className="mortgage-programs" aria-labelledby="mortgage-programs-title">
      <h2 id="mortgage-programs-title">Программы ипотеки и их условия</h2>
      <div className="mortgage-programs__grid">
        {PROGRAM_IDS.map((id) => {
          const p = PROGRAMS[id];
          return (
            <article key={id} className="mortgage-programs__item">
              <h3>
                {p.name}
                <span className="mortgage-programs__rate">
                  {p.maxRate === null ? `в расчёте ${formatRate(p.rate)}` : `до ${formatRate(p.maxRate)}`}
                </span>
              </h3>
              <ul>
                {p.conditions.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
      <p className="mortgage-programs__source">
        Условия программ приведены по состоянию на {formatDate(PROGRAMS_CHECKED_AT)} года по официальным
        описаниям программ господдержки на сайтах Минфина России и ДОМ.РФ, оператора этих программ; требования
        к работодателю по IT-ипотеке — по сайту Минцифры России. Программы регулярно меняются, а банки вправе
        устанавливать свои требования, поэтому перед сделкой уточните условия в банке. Расчёт ориентировочный
        и не является предложением банка.
      </p>
    </section>
  );
}
