/** A decorative rev counter with its needle in the red zone: the brand image of the hero banner. */
const CX = 150;
const CY = 150;
const R = 118;
const MAX = 8;
const REDLINE = 6.5;
const NEEDLE_AT = 7.2;

const angleOf = (value: number) => ((135 + (value / MAX) * 270) * Math.PI) / 180;
const point = (value: number, radius: number) => {
  const a = angleOf(value);
  return { x: CX + radius * Math.cos(a), y: CY + radius * Math.sin(a) };
};
const arc = (from: number, to: number, radius: number) => {
  const start = point(from, radius);
  const end = point(to, radius);
  const large = ((to - from) / MAX) * 270 > 180 ? 1 : 0;
  return `M${start.x.toFixed(2)} ${start.y.toFixed(2)}A${radius} ${radius} 0 ${large} 1 ${end.x.toFixed(2)} ${end.y.toFixed(2)}`;
};

const TICKS = Array.from({ length: MAX * 4 + 1 }, (_, i) => i / 4);

export function RevGauge() {
  const needle = point(NEEDLE_AT, R - 26);
  return (
    <svg aria-hidden="true" viewBox="0 0 300 300" width="300" height="300" className="h-auto w-full max-w-sm">
      <defs>
        <radialGradient id="gauge-face" cx="50%" cy="45%" r="60%">
          <stop offset="0%" stopColor="#2a2222" />
          <stop offset="100%" stopColor="#0d0a0a" />
        </radialGradient>
      </defs>
      <circle cx={CX} cy={CY} r={R + 22} fill="url(#gauge-face)" stroke="#3a3030" strokeWidth="2" />
      <path d={arc(0, REDLINE, R)} fill="none" stroke="#e9e2e2" strokeWidth="3" />
      <path d={arc(REDLINE, MAX, R)} fill="none" stroke="#ef2b35" strokeWidth="9" />
      {TICKS.map((v) => {
        const major = Number.isInteger(v);
        const outer = point(v, R - 6);
        const inner = point(v, R - (major ? 22 : v % 0.5 === 0 ? 14 : 10));
        return (
          <line
            key={v}
            x1={outer.x}
            y1={outer.y}
            x2={inner.x}
            y2={inner.y}
            stroke={v >= REDLINE ? '#ef2b35' : '#e9e2e2'}
            strokeWidth={major ? 3 : 1.5}
            strokeLinecap="round"
          />
        );
      })}
      {TICKS.filter(Number.isInteger).map((v) => {
        const p = point(v, R - 40);
        return (
          <text
            key={v}
            x={p.x}
            y={p.y}
            fill={v >= 7 ? '#ff5c63' : '#e9e2e2'}
            fontSize="18"
            fontWeight="700"
            textAnchor="middle"
            dominantBaseline="central"
          >
            {v}
          </text>
        );
      })}
      <text x={CX} y={CY + 42} fill="#b9adad" fontSize="11" letterSpacing="3" textAnchor="middle">
        ×1000 RPM
      </text>
      <g className="rev-needle">
        <line
          x1={CX}
          y1={CY}
          x2={needle.x}
          y2={needle.y}
          stroke="#ef2b35"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </g>
      <circle cx={CX} cy={CY} r="12" fill="#1a1414" stroke="#ef2b35" strokeWidth="3" />
    </svg>
  );
}
