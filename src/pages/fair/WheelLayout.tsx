import { WHEEL_COLOR_LABELS, WHEEL_COLORS, WHEEL_MULTIPLIERS, WHEEL_SEGMENT_LIST, WHEEL_SEGMENTS, wheelColorCount, wheelReturnFraction, wheelReturnPercent } from '../../../core/games/wheel.ts';
import { colorStyle, multiplierText } from '../../features/wheel/wheelColors.ts';
import { Formula } from '../../features/fair/FairLayout.tsx';
import './wheelLayout.css';

// The published layout of Crazy Wheel and each colour's exact return, both computed from the one
// layout in core/games/wheel.ts (the server, the scene and the bet panel use the same table).

export function WheelLayoutPanel() {
  return (
    <Formula title="The wheel’s layout">
      <p>
        {WHEEL_SEGMENTS} segments, numbered clockwise from the one under the pointer when the wheel is at rest. A bet on a colour wins when the wheel stops on any segment of that colour and pays
        the stake times its multiplier.
      </p>
      <ol className="wheel-layout" data-testid="wheel-layout" aria-label="Segments">
        {WHEEL_SEGMENT_LIST.map((s) => (
          <li key={s.index} className="wheel-layout__segment" style={colorStyle(s.color)} title={`Segment ${s.index}: ${WHEEL_COLOR_LABELS[s.color]} ×${s.multiplier}`}>
            <span className="wheel-layout__index">{s.index}</span>
            <span className="wheel-layout__multiplier">{multiplierText(WHEEL_MULTIPLIERS[s.color])}</span>
          </li>
        ))}
      </ol>
      <table className="fair-table" data-testid="wheel-returns">
        <thead>
          <tr>
            <th>Colour</th>
            <th>Pays</th>
            <th>Segments</th>
            <th>Return</th>
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
                <td>
                  {count} of {WHEEL_SEGMENTS}
                </td>
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
