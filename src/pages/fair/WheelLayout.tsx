import { WHEEL_COLOR_LABELS, WHEEL_COLORS, WHEEL_MULTIPLIERS, WHEEL_SEGMENT_LIST, WHEEL_SEGMENTS, wheelColorCount, wheelReturnFraction, wheelReturnPercent } from '../../../core/games/wheel.ts';
import { colorStyle, multiplierText } from '../../features/wheel/wheelColors.ts';
import { Formula } from '../../features/fair/FairLayout.tsx';
import './wheelLayout.css';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The published layout of Crazy Wheel and each colour's exact return, both computed from the one
// layout in core/games/wheel.ts (the server, the scene and the bet panel use the same table).

export function WheelLayoutPanel() {
  return (
    <Formula title={t('wheelLayout')}>
      <p>{t('wheelLayoutRule', { segments: WHEEL_SEGMENTS })}</p>
      <ol className="wheel-layout" data-testid="wheel-layout" aria-label={t('segments')}>
        {WHEEL_SEGMENT_LIST.map((s) => (
          <li key={s.index} className="wheel-layout__segment" style={colorStyle(s.color)} title={t('segmentTitle', { index: s.index, color: WHEEL_COLOR_LABELS[s.color], multiplier: s.multiplier })}>
            <span className="wheel-layout__index">{s.index}</span>
            <span className="wheel-layout__multiplier">{multiplierText(WHEEL_MULTIPLIERS[s.color])}</span>
          </li>
        ))}
      </ol>
      <table className="fair-table" data-testid="wheel-returns">
        <thead>
          <tr>
            <th>{t('colour')}</th>
            <th>{t('pays')}</th>
            <th>{t('segments')}</th>
            <th>{t('return')}</th>
          </tr>
        </thead>
        <tbody>
          {WHEEL_COLORS.map((color) => {
            const { numerator, denominator } = wheelReturnFraction(color);
            const count = wheelColorCount(color);
            return (
              <tr key={color} data-color={color}>
                <td>
                  <span className="wheel-layout__dot" style={colorStyle(color)} aria-hidden /> {WHEEL_COLOR_LABELS[color]}
                </td>
                <td>{multiplierText(WHEEL_MULTIPLIERS[color])}</td>
                <td>{t('countOf', { count, total: WHEEL_SEGMENTS })}</td>
                <td>
                  {count}/{WHEEL_SEGMENTS} × {WHEEL_MULTIPLIERS[color] / 100} = {numerator}/{denominator} = {wheelReturnPercent(color).toFixed(2)} %
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Formula>
  );
}
