import { Box, Center, Skeleton, Text } from '@mantine/core';
import { useIntersection, useMergedRef, useReducedMotion } from '@mantine/hooks';
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

/** How near the screen a chart's box must come before echarts is fetched and the chart drawn. */
const NEAR_SCREEN_MARGIN = '300px';

/** One echarts chart that follows its container's size, drawn once its box nears the screen. */
export function EChart({ option, ariaLabel, height = 280 }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // People who ask their system for less motion get the final picture at once.
  const reduceMotion = useReducedMotion();
  // Charts below the fold (the desk's, at 1440 x 900) cost nothing until someone scrolls near
  // them: echarts is the largest script a page can fetch.
  const { ref: watched, entry } = useIntersection<HTMLDivElement>({ rootMargin: NEAR_SCREEN_MARGIN });
  const [nearScreen, setNearScreen] = useState(false);
  if (entry?.isIntersecting && !nearScreen) setNearScreen(true);
  const chartBox = useMergedRef(container, watched);

  useEffect(() => {
    if (!nearScreen) return;
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
  }, [nearScreen]);

  useEffect(() => {
    if (state !== 'ready') return;
    chart.current?.setOption(reduceMotion ? { ...option, animation: false } : option, { notMerge: true });
  }, [state, option, reduceMotion]);

  return (
    <Box pos="relative" h={height}>
      <div ref={chartBox} role="img" aria-label={ariaLabel} style={{ width: '100%', height: '100%' }} />
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
