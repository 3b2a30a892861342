import { Box, Center, Skeleton, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

type EChartsLib = typeof import('./echarts-lib');
let library: Promise<EChartsLib> | null = null;

/** echarts is fetched the first time a chart is drawn, never as part of a page's first script. */
function loadECharts(): Promise<EChartsLib> {
  library ??= import('./echarts-lib').catch((error: unknown) => {
    // A failed chunk may load on a later try (the network came back).
    library = null;
    throw error;
  });
  return library;
}

interface EChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  ariaLabel: string;
  height?: number;
}

/** One echarts chart that follows its container's size. */
export function EChart({ option, ariaLabel, height = 280 }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // People who ask their system for less motion get the final picture at once.
  const reduceMotion = useReducedMotion();

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadECharts().then(
      ({ init }) => {
        const element = container.current;
        if (disposed || !element) return;
        const instance = init(element, undefined, { renderer: 'canvas' });
        chart.current = instance;
        // The container resizes with the window, the navbar and the grid around it.
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(element);
        setState('ready');
      },
      () => !disposed && setState('failed'),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (state !== 'ready') return;
    chart.current?.setOption(reduceMotion ? { ...option, animation: false } : option, { notMerge: true });
  }, [state, option, reduceMotion]);

  return (
    <Box pos="relative" h={height}>
      <div ref={container} role="img" aria-label={ariaLabel} style={{ width: '100%', height: '100%' }} />
      {state === 'loading' && <Skeleton pos="absolute" inset={0} h={height} aria-hidden />}
      {state === 'failed' && (
        <Center pos="absolute" inset={0}>
          <Text size="sm" c="dimmed">
            The chart could not be loaded. Reload the page to try again.
          </Text>
        </Center>
      )}
    </Box>
  );
}
