// Pace's pages: dates in the reader's time zone (unless the server wrote them in the account's), the
// sign-in form, the route map and the chart, the heatmap of all routes and the history pages' charts
// (their data in data- attributes).
// Each part runs only where its element is on the page; figures are rendered by the server.
'use strict';

function localTimes() {
  for (const element of document.querySelectorAll('time[datetime]:not([data-zone])')) {
    const date = new Date(element.getAttribute('datetime'));
    if (!isNaN(date)) element.textContent = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

function signInForm(form) {
  const error = document.getElementById('sign-in-error');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    const body = JSON.stringify({ name: form.elements.name.value, password: form.elements.password.value });
    try {
      const response = await fetch('/api/v1/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      if (response.status === 201) { window.location.assign('/workouts'); return; }
      const answer = await response.json().catch(() => null);
      error.textContent = (answer && answer.error && answer.error.message) || 'Signing in failed.';
    } catch (failure) {
      error.textContent = 'The server cannot be reached.';
    }
    error.hidden = false;
  });
}

async function routeMap(element) {
  const response = await fetch(element.dataset.polyline);
  if (!response.ok) throw new Error('route ' + response.status);
  const route = await response.json();
  const points = route.points.map((point) => [point.latitude, point.longitude]);
  const map = L.map(element, { maxZoom: Number(element.dataset.maxZoom) || 19 });
  // With no tiles reachable the route still draws over the element's plain background.
  if (element.dataset.tiles) {
    L.tileLayer(element.dataset.tiles, { maxZoom: Number(element.dataset.maxZoom) || 19, attribution: element.dataset.attribution }).addTo(map);
  }
  const line = L.polyline(points, { color: '#0b57d0', weight: 4 }).addTo(map);
  if (points.length > 0) {
    L.circleMarker(points[0], { radius: 6, color: '#137333' }).addTo(map);
    L.circleMarker(points[points.length - 1], { radius: 6, color: '#a50e0e' }).addTo(map);
    map.fitBounds(line.getBounds(), { padding: [16, 16] });
  }
  element.dataset.drawn = String(points.length);
  performance.mark('pace-map-drawn');
}

// 5.25 (minutes) as 5:15.
function minutesAndSeconds(minutes) {
  const seconds = Math.round(minutes * 60);
  return Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
}

async function seriesChart(canvas) {
  const response = await fetch(canvas.dataset.series);
  if (!response.ok) throw new Error('series ' + response.status);
  const series = await response.json();
  // Kilometres and min/km, or miles and min/mi (the account's units).
  const imperial = canvas.dataset.units === 'imperial';
  const unit = imperial ? 1609.344 : 1000, name = imperial ? 'mi' : 'km';
  const withDistance = series.points.filter((point) => point.distance != null);
  const pace = withDistance.filter((point) => point.pace != null && point.pace < 1800)
    .map((point) => ({ x: point.distance / unit, y: point.pace * unit / 60000 }));
  const heartRate = withDistance.filter((point) => point.heartRate != null)
    .map((point) => ({ x: point.distance / unit, y: point.heartRate }));
  const datasets = [{ label: 'Pace (min/' + name + ')', data: pace, borderColor: '#0b57d0', yAxisID: 'pace', pointRadius: 0, borderWidth: 1.5 }];
  if (heartRate.length > 0) {
    datasets.push({ label: 'Heart rate (bpm)', data: heartRate, borderColor: '#a50e0e', yAxisID: 'heartRate', pointRadius: 0, borderWidth: 1.5 });
  }
  new Chart(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      animation: false, parsing: false, normalized: true,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      scales: {
        x: { type: 'linear', title: { display: true, text: 'Distance (' + name + ')' } },
        pace: { position: 'left', reverse: true, title: { display: true, text: 'min/' + name }, ticks: { callback: minutesAndSeconds } },
        heartRate: { position: 'right', display: heartRate.length > 0, grid: { drawOnChartArea: false }, title: { display: true, text: 'bpm' } },
      },
    },
  });
  canvas.dataset.drawn = String(pace.length + heartRate.length);
  performance.mark('pace-chart-drawn');
}

// Google's encoded polyline (1e-5 degrees) as [latitude, longitude] pairs.
function decodePolyline(text) {
  const points = [];
  let index = 0, latitude = 0, longitude = 0;
  const next = () => {
    let result = 0, shift = 0, byte;
    do {
      byte = text.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < text.length);
    return (result & 1) ? ~(result >> 1) : (result >> 1);
  };
  while (index < text.length) {
    latitude += next();
    longitude += next();
    points.push([latitude / 1e5, longitude / 1e5]);
  }
  return points;
}

// The heatmap: every route of the page as a translucent line, where they overlap the colour deepens.
function heatmap(element) {
  const data = JSON.parse(element.dataset.routes);
  const map = L.map(element, { maxZoom: Number(element.dataset.maxZoom) || 19, preferCanvas: false });
  if (element.dataset.tiles) {
    L.tileLayer(element.dataset.tiles, { maxZoom: Number(element.dataset.maxZoom) || 19, attribution: element.dataset.attribution }).addTo(map);
  }
  const group = L.featureGroup();
  for (const line of data.lines) {
    const points = decodePolyline(line);
    if (points.length > 1) L.polyline(points, { color: '#c5221f', weight: 3, opacity: 0.35, interactive: false }).addTo(group);
  }
  group.addTo(map);
  const bounds = group.getBounds();
  if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16] }); else map.setView([0, 0], 2);
  element.dataset.drawn = String(group.getLayers().length);
}

// Colours of the sports' series, in order.
const palette = ['#0b57d0', '#c5221f', '#137333', '#b06000', '#8430ce', '#007b83', '#5f6368'];

// A chart from the canvas's data-chart: {labels, series: [{label, values}], unit}; bars or lines.
function dataChart(canvas, type) {
  const data = JSON.parse(canvas.dataset.chart);
  const datasets = data.series.map((series, index) => ({
    label: series.label, data: series.values, backgroundColor: palette[index % palette.length],
    borderColor: palette[index % palette.length], pointRadius: type === 'line' ? 0 : undefined, borderWidth: type === 'line' ? 1.5 : 0,
    spanGaps: true,
  }));
  new Chart(canvas, {
    type,
    data: { labels: data.labels, datasets },
    options: {
      animation: false,
      interaction: { mode: 'index', intersect: false },
      scales: { x: { stacked: type === 'bar' }, y: { stacked: type === 'bar', beginAtZero: type === 'bar', title: { display: true, text: data.unit } } },
    },
  });
  canvas.dataset.drawn = String(datasets.reduce((sum, series) => sum + series.data.length, 0));
}

document.addEventListener('DOMContentLoaded', () => {
  localTimes();
  const form = document.getElementById('sign-in');
  if (form) signInForm(form);
  const map = document.getElementById('map');
  if (map) routeMap(map).catch((failure) => { map.dataset.failed = String(failure); });
  const chart = document.getElementById('chart');
  if (chart) seriesChart(chart).catch((failure) => { chart.dataset.failed = String(failure); });
  const heat = document.getElementById('heatmap');
  if (heat) {
    try { heatmap(heat); } catch (failure) { heat.dataset.failed = String(failure); }
  }
  for (const canvas of document.querySelectorAll('canvas[data-chart]')) {
    try { dataChart(canvas, canvas.id === 'bar-chart' ? 'bar' : 'line'); } catch (failure) { canvas.dataset.failed = String(failure); }
  }
});
