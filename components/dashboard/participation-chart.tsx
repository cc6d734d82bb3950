"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PARTICIPATION_SERIES, shortDate, type ParticipationDay } from "./participation-series";

/** Legend and tooltip in the series' own order (recharts sorts them by name otherwise). */
const inSeriesOrder = (item: { dataKey?: unknown }) =>
  PARTICIPATION_SERIES.findIndex((s) => s.key === item.dataKey);

/**
 * Participation per school day as two stacked bars: chose / placed / appointment, and checked in /
 * absent (recharts' accessibility layer: the chart takes focus and the arrow keys walk the days).
 * The numbers behind it are in the table under it.
 */
export function ParticipationChart({ days }: { days: ParticipationDay[] }) {
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} accessibilityLayer margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={shortDate}
            tick={{ fill: "#334155", fontSize: 12 }}
            minTickGap={12}
          />
          <YAxis allowDecimals={false} tick={{ fill: "#334155", fontSize: 12 }} width={44} />
          <Tooltip labelFormatter={(label) => String(label)} itemSorter={inSeriesOrder} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={inSeriesOrder} />
          {PARTICIPATION_SERIES.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.label}
              stackId={series.stack}
              fill={series.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
