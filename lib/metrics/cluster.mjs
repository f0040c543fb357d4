// Plain JavaScript: the primary of a cluster (lib/edge/primary.mjs) serves the workers' metrics with this (see cluster.d.mts).
import client from 'prom-client';
import { serveMetrics } from './endpoint.mjs';

/**
 * The metrics of all workers on the metrics port of the primary, which loads no Next and counts
 * nothing itself: each scrape asks every worker over node:cluster's channel for its registry
 * (./start.mjs) and sums them, series by series (prom-client's AggregatorRegistry). The counters
 * and histograms of the app come out as one; each worker's own process figures keep its number.
 * A worker that does not answer within 5 s (starting, stopping) makes that scrape a 503.
 * @param {import('./settings.mjs').MetricsSettings} settings
 */
export function serveClusterMetrics(settings) {
  const aggregator = new client.AggregatorRegistry();
  return serveMetrics(settings, async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() }));
}
