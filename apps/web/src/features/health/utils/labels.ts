/**
 * Catalog ids of the health words shared by several screens: meal contexts
 * (the contract's values stay English in the API and the database; only the label is
 * translated), metric statuses and reading alerts.
 */
import type { MetricStatus, ReadingAlert } from '@diacare/contract/clinical';
import type { MealContext } from '@diacare/contract/health-constants';
import type { MessageId } from '../../../lib/i18n/i18n';

export const MEAL_CONTEXT_IDS: Record<MealContext, MessageId> = {
  Fasting: 'health.meal.fasting',
  'Before Breakfast': 'health.meal.beforeBreakfast',
  'After Breakfast': 'health.meal.afterBreakfast',
  'Before Lunch': 'health.meal.beforeLunch',
  'After Lunch': 'health.meal.afterLunch',
  'Before Dinner': 'health.meal.beforeDinner',
  'After Dinner': 'health.meal.afterDinner',
  Bedtime: 'health.meal.bedtime',
};

export const STATUS_IDS: Record<MetricStatus, MessageId> = {
  good: 'health.status.good',
  warning: 'health.status.warning',
  alert: 'health.status.alert',
};

/** 'Low', 'Very low', 'Very high': each ReadingAlert's badge text from the catalog. */
export const ALERT_LABEL_IDS: Record<ReadingAlert, MessageId> = {
  'very-low-glucose': 'health.alert.label.very-low-glucose',
  'low-glucose': 'health.alert.label.low-glucose',
  'severe-high-bp': 'health.alert.label.severe-high-bp',
  'low-bp': 'health.alert.label.low-bp',
};

/** What each alert is about, in plain words (the steps dialog's title starts with it). */
export const ALERT_TOPIC_IDS: Record<ReadingAlert, MessageId> = {
  'very-low-glucose': 'health.alert.topic.very-low-glucose',
  'low-glucose': 'health.alert.topic.low-glucose',
  'severe-high-bp': 'health.alert.topic.severe-high-bp',
  'low-bp': 'health.alert.topic.low-bp',
};
