/**
 * The funnel's charts, drawn with Recharts (docs/decisions/0025-admin-charts.md). This module is
 * imported lazily by the funnel panel, so the library is a chunk of its own that only the admin
 * page downloads, and only when the panel shows.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { FunnelResponse } from '../../../../../contract/waves.ts';
import { percentText, STAGE_NAMES } from './funnel-format.ts';

/** Distinct on the dashboard's dark ground; the sources beyond them are drawn as "Other". */
const SOURCE_COLOURS = ['#ffc94d', '#5cc8ff', '#7ee0a3', '#c79bff', '#ff8f7a'];
const OTHER_COLOUR = '#8a90a6';
const AXIS = { stroke: '#8a90a6', fontSize: 12 };
const OTHER = 'Other';

function shortDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export default function FunnelCharts({ data }: { data: FunnelResponse }) {
  const shown = data.sources.slice(0, SOURCE_COLOURS.length);
  const hasOther = data.sources.length > shown.length;
  const rows = data.days.map((day) => {
    const row: Record<string, string | number> = { day: shortDay(day.day) };
    let other = 0;
    for (const [source, count] of Object.entries(day.bySource)) {
      if (shown.includes(source)) row[source] = count;
      else other += count;
    }
    if (hasOther) row[OTHER] = other;
    return row;
  });
  const total = data.days.reduce((sum, day) => sum + day.total, 0);
  const busiest = data.days.reduce((best, day) => (day.total > best.total ? day : best));
  const stages = data.stages.map((stage) => ({
    name: STAGE_NAMES[stage.stage],
    count: stage.count,
    label: `${stage.count.toLocaleString()}${stage.rate === null ? '' : ` · ${percentText(stage.rate)}`}`,
  }));

  return (
    <div className="mt-6 grid gap-6 xl:grid-cols-2">
      <figure className="min-w-0">
        <figcaption className="text-sm font-medium text-ink-100">
          Signups per day by signup form
        </figcaption>
        <div
          role="img"
          aria-label={`Signups per day: ${total.toLocaleString()} in ${data.days.length} days, most on ${busiest.day} (${busiest.total.toLocaleString()}).`}
          className="mt-2 h-64"
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid stroke="#202433" vertical={false} />
              <XAxis dataKey="day" tick={AXIS} stroke="#2e3346" minTickGap={16} />
              <YAxis allowDecimals={false} tick={AXIS} stroke="#2e3346" />
              <Tooltip
                cursor={{ fill: 'rgba(255,255,255,0.04)' }}
                contentStyle={{ background: '#0d0f16', border: '1px solid #2e3346' }}
                labelStyle={{ color: '#eceef4' }}
              />
              <Legend wrapperStyle={{ fontSize: 12, color: '#b4b9ca' }} />
              {shown.map((source, index) => (
                <Bar
                  key={source}
                  dataKey={source}
                  stackId="day"
                  fill={SOURCE_COLOURS[index]}
                  isAnimationActive={false}
                />
              ))}
              {hasOther ? (
                <Bar dataKey={OTHER} stackId="day" fill={OTHER_COLOUR} isAnimationActive={false} />
              ) : null}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="min-w-0">
        <figcaption className="text-sm font-medium text-ink-100">
          From signup to registration
        </figcaption>
        <div
          role="img"
          aria-label={`Funnel: ${stages.map((stage) => `${stage.name} ${stage.label}`).join(', ')}.`}
          className="mt-2 h-64"
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={stages}
              layout="vertical"
              margin={{ top: 8, right: 96, bottom: 0, left: 8 }}
            >
              <XAxis type="number" hide allowDecimals={false} />
              <YAxis type="category" dataKey="name" tick={AXIS} stroke="#2e3346" width={84} />
              <Bar dataKey="count" fill="#ffc94d" radius={[0, 6, 6, 0]} isAnimationActive={false}>
                <LabelList dataKey="label" position="right" fill="#eceef4" fontSize={12} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
