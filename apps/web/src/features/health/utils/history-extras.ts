/**
 * What src/app may add to the glucose History (one's own meals, decision 097) without the health
 * feature knowing where it comes from: markers on the chart, what a tapped marker does, and a
 * section under the chart.
 */
import type { GlucoseUnit } from '@diacare/contract/glucose-units';
import type { ReactNode } from 'react';
import type { ChartData } from './history';

/** What the glucose History's extras hook is given: whether it applies, and the period's first day. */
export interface HistoryExtrasArgs {
  enabled: boolean;
  startDate: string;
  unit: GlucoseUnit;
  now: Date;
  zone: string;
}

/** What src/app adds to the glucose History (one's own meals, decision 097): chart markers and a section. */
export interface HistoryExtras {
  markers?: ChartData['markers'];
  onMarker?: (id: string) => void;
  section?: ReactNode;
  /** It has something to show for the period (meals): the History shows it even with no reading at all. */
  hasContent?: boolean;
  /** Still fetching its first answer: the page waits, so nothing under the chart moves when it comes. */
  waiting?: boolean;
}
