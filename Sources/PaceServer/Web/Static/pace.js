// Pace's pages: dates in the reader's time zone (unless the server wrote them in the account's), the sign-in form, the route map and the chart.
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
}

document.addEventListener('DOMContentLoaded', () => {
  localTimes();
  const form = document.getElementById('sign-in');
  if (form) signInForm(form);
  const map = document.getElementById('map');
  if (map) routeMap(map).catch((failure) => { map.dataset.failed = String(failure); });
  const chart = document.getElementById('chart');
  if (chart) seriesChart(chart).catch((failure) => { chart.dataset.failed = String(failure); });
});
