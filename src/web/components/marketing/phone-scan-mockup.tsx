import { useId, type CSSProperties } from 'react';
import { site } from '../../site-config.ts';
import { mockupFilms, type MockupFilm } from './mockup-films.ts';

interface PhoneScanMockupProps {
  className?: string;
  /** Play the scan once on load (the hero); still copies elsewhere stay calm. */
  animated?: boolean;
  /** A repeat of a picture already described on the page: hidden from assistive technology. */
  decorative?: boolean;
  /** The film on the result sheet; each picture on a page shows another one. */
  film?: MockupFilm;
}

const colors = {
  community: '#5cc8ff',
  critics: '#ff6b5c',
  gold: '#ffc94d',
  ink100: '#eceef4',
  ink300: '#b4b9ca',
};

/** A phone pointed at a movie poster: the title is recognised and both ratings appear. */
export function PhoneScanMockup({
  className = '',
  animated = true,
  decorative = false,
  film = mockupFilms.midnightHarbor,
}: PhoneScanMockupProps) {
  const id = useId();
  const ref = (name: string) => `${id}-${name}`;
  const motion = (
    name: string,
    delaySeconds: number,
  ): { className?: string; style?: CSSProperties } =>
    animated ? { className: name, style: { animationDelay: `${delaySeconds}s` } } : {};

  return (
    <svg
      viewBox="0 0 320 600"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-labelledby': ref('title') })}
      className={`font-sans ${className}`}
    >
      {!decorative && (
        <title id={ref('title')}>
          {`A phone camera scanning a movie poster. The title is recognised in 1.2 seconds and both ratings appear for ${film.title}: ${site.ratingSources.community} ${film.community} and ${site.ratingSources.critics} ${film.critics}.`}
        </title>
      )}
      <defs>
        <linearGradient id={ref('body')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2e3346" />
          <stop offset="1" stopColor="#151823" />
        </linearGradient>
        <linearGradient id={ref('room')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#161a26" />
          <stop offset="1" stopColor="#07080c" />
        </linearGradient>
        <linearGradient id={ref('sky')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={film.poster.sky[0]} />
          <stop offset="0.55" stopColor={film.poster.sky[1]} />
          <stop offset="1" stopColor={film.poster.sky[2]} />
        </linearGradient>
        <linearGradient id={ref('sea')} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a1540" />
          <stop offset="1" stopColor="#0b0a1c" />
        </linearGradient>
        <linearGradient id={ref('scan')} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={colors.gold} stopOpacity="0" />
          <stop offset="0.5" stopColor={colors.gold} />
          <stop offset="1" stopColor={colors.gold} stopOpacity="0" />
        </linearGradient>
        <linearGradient id={ref('glare')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.07" />
          <stop offset="0.45" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
        <clipPath id={ref('screen')}>
          <rect x="22" y="18" width="276" height="564" rx="38" />
        </clipPath>
        <clipPath id={ref('poster')}>
          <rect x="70" y="96" width="180" height="252" rx="5" />
        </clipPath>
      </defs>

      {/* Phone body and side buttons */}
      <rect x="6" y="150" width="6" height="60" rx="3" fill="#202433" />
      <rect x="308" y="130" width="6" height="90" rx="3" fill="#202433" />
      <rect x="10" y="6" width="300" height="588" rx="48" fill={`url(#${ref('body')})`} />
      <rect x="10.5" y="6.5" width="299" height="587" rx="47.5" fill="none" stroke="#3a4058" />

      <g clipPath={`url(#${ref('screen')})`}>
        <rect x="22" y="18" width="276" height="564" fill={`url(#${ref('room')})`} />

        {/* The poster, as the camera sees it */}
        <g clipPath={`url(#${ref('poster')})`}>
          <rect x="70" y="96" width="180" height="252" fill={`url(#${ref('sky')})`} />
          <circle cx="186" cy="168" r="30" fill="#ffd98a" opacity="0.92" />
          <circle cx="186" cy="168" r="44" fill="#ffd98a" opacity="0.12" />
          <path
            d="M70 262 L70 236 L84 236 L84 214 L90 214 L90 236 L104 236 L104 224 L122 224 L122 246 L140 246 L140 206 L146 200 L152 206 L152 246 L168 246 L168 232 L196 232 L196 250 L212 250 L212 226 L226 226 L226 250 L250 250 L250 262 Z"
            fill="#0b0a1c"
          />
          <path d="M104 224 L150 178 M150 178 L150 232" stroke="#0b0a1c" strokeWidth="3" />
          <rect x="70" y="262" width="180" height="86" fill={`url(#${ref('sea')})`} />
          <path
            d="M170 268h32M174 274h24"
            stroke="#ffd98a"
            strokeOpacity="0.45"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <text
            textAnchor="middle"
            className="font-display"
            fontSize="30"
            letterSpacing="3"
            fill={colors.ink100}
          >
            <tspan x="160" y="304">
              {film.poster.lines[0]}
            </tspan>
            <tspan x="160" y="330">
              {film.poster.lines[1]}
            </tspan>
          </text>
          <rect
            x="112"
            y="336"
            width="96"
            height="2.5"
            rx="1.25"
            fill={colors.ink300}
            opacity="0.5"
          />
        </g>

        {/* Viewfinder corners */}
        <path
          d="M58 108 V84 H82 M238 84 H262 V108 M262 336 V360 H238 M82 360 H58 V336"
          fill="none"
          stroke={colors.gold}
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <g className={animated ? 'rs-scan-line' : 'hidden'}>
          <rect x="64" y="92" width="192" height="14" fill={colors.gold} opacity="0.12" />
          <rect x="64" y="98" width="192" height="2.5" fill={`url(#${ref('scan')})`} />
        </g>

        {/* Recognised title */}
        <g {...motion('rs-pop', 1.7)}>
          <rect x="92" y="53" width="136" height="26" rx="13" fill="#ffc94d" fillOpacity="0.16" />
          <rect
            x="92.5"
            y="53.5"
            width="135"
            height="25"
            rx="12.5"
            fill="none"
            stroke={colors.gold}
            strokeOpacity="0.5"
          />
          <circle cx="108" cy="66" r="4" fill={colors.gold} />
          <text x="118" y="70" fontSize="11.5" fontWeight="600" fill={colors.gold}>
            Title found · 1.2 s
          </text>
        </g>

        {/* Result sheet with both ratings */}
        <g {...motion('rs-rise', 1.8)}>
          <rect
            x="34"
            y="378"
            width="252"
            height="178"
            rx="24"
            fill="#0d0f16"
            fillOpacity="0.96"
            stroke="#2e3346"
          />
          <text x="50" y="408" fontSize="17" fontWeight="700" fill={colors.ink100}>
            {film.title}
          </text>
          <text x="50" y="427" fontSize="11" fill={colors.ink300}>
            {film.meta}
          </text>

          <g {...motion('rs-pop', 2.1)}>
            <rect
              x="46"
              y="442"
              width="110"
              height="98"
              rx="16"
              fill={colors.community}
              fillOpacity="0.1"
              stroke={colors.community}
              strokeOpacity="0.45"
            />
            <path
              d="M66 453l3.2 6.5 7.2 1-5.2 5.1 1.2 7.1-6.4-3.4-6.4 3.4 1.2-7.1-5.2-5.1 7.2-1z"
              fill={colors.community}
            />
            <text x="58" y="510" className="font-display" fontSize="40" fill={colors.community}>
              {film.community}
            </text>
            <text x="104" y="510" fontSize="12" fill={colors.ink300}>
              /10
            </text>
            <text x="58" y="529" fontSize="10" fill={colors.ink300}>
              {site.ratingSources.community}
            </text>
          </g>

          <g {...motion('rs-pop', 2.3)}>
            <rect
              x="164"
              y="442"
              width="110"
              height="98"
              rx="16"
              fill={colors.critics}
              fillOpacity="0.1"
              stroke={colors.critics}
              strokeOpacity="0.45"
            />
            <circle cx="184" cy="463" r="8" fill={colors.critics} />
            <path
              d="M180.5 463l2.5 2.5 4.5-5"
              fill="none"
              stroke="#0d0f16"
              strokeWidth="2"
              strokeLinecap="round"
            />
            <text x="176" y="510" className="font-display" fontSize="40" fill={colors.critics}>
              {film.critics}
            </text>
            <text x="176" y="529" fontSize="10" fill={colors.ink300}>
              {site.ratingSources.critics}
            </text>
          </g>
        </g>

        <rect x="22" y="18" width="276" height="564" fill={`url(#${ref('glare')})`} />
        <rect x="110" y="566" width="100" height="4" rx="2" fill="#3a4058" />
      </g>

      {/* Dynamic island */}
      <rect x="124" y="28" width="72" height="20" rx="10" fill="#000" />
    </svg>
  );
}
