/**
 * The only module that imports echarts, loaded on demand by EChart. It registers just what the
 * app's charts draw (projects/chart-options.ts, iterations/burn-down-option.ts,
 * testreports/report-charts.ts): pie, bar and line series on a grid with axes, tooltips (which
 * bring the axis pointer) and plain legends, on canvas. Legends never scroll (no option asks for
 * `type: 'scroll'`), so the plain legend is enough. A chart type or component added to an option
 * builder must be registered here too, or echarts draws nothing and warns in the console.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([PieChart, BarChart, LineChart, TooltipComponent, LegendPlainComponent, GridComponent, CanvasRenderer]);

export { init };
