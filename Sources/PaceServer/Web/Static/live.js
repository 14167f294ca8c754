// The live page: follows a recording's Server-Sent Events — each batch moves the position on the
// map and updates the figures; the end event marks the recording ended and closes the stream.
'use strict';

function liveClock(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600), minutes = Math.floor(whole / 60) % 60, rest = whole % 60;
  const tail = String(rest).padStart(2, '0');
  return hours > 0 ? hours + ':' + String(minutes).padStart(2, '0') + ':' + tail : minutes + ':' + tail;
}

function livePage(element) {
  const imperial = element.dataset.units === 'imperial';
  const unit = imperial ? 1609.344 : 1000;
  const state = document.getElementById('live-state');
  const figure = (id, text) => { document.getElementById(id).textContent = text; };
  const maxZoom = Number(element.dataset.maxZoom) || 19;
  const map = L.map(element, { maxZoom }).setView([0, 0], 2);
  if (element.dataset.tiles) {
    L.tileLayer(element.dataset.tiles, { maxZoom, attribution: element.dataset.attribution }).addTo(map);
  }
  const line = L.polyline([], { color: '#0b57d0', weight: 4 }).addTo(map);
  let marker = null;
  let count = 0;

  function showSnapshot(snapshot) {
    figure('live-elapsed', liveClock(snapshot.elapsedTime));
    figure('live-distance', (snapshot.distance / unit).toFixed(2) + (imperial ? ' mi' : ' km'));
    const speed = snapshot.currentSpeed != null ? snapshot.currentSpeed : snapshot.averageSpeed;
    figure('live-pace', speed > 0 ? liveClock(unit / speed) + (imperial ? ' /mi' : ' /km') : '—');
    figure('live-heart-rate', snapshot.heartRate != null ? Math.round(snapshot.heartRate) + ' bpm' : '—');
  }

  function showPoints(points) {
    for (const point of points) {
      if (point.latitude == null || point.longitude == null) continue;
      line.addLatLng([point.latitude, point.longitude]);
      count += 1;
    }
    const all = line.getLatLngs();
    if (all.length === 0) return;
    const last = all[all.length - 1];
    if (marker) marker.setLatLng(last); else marker = L.circleMarker(last, { radius: 7, color: '#a50e0e' }).addTo(map);
    map.fitBounds(line.getBounds(), { padding: [24, 24], maxZoom: 17 });
    element.dataset.points = String(count);
  }

  function ended(outcome) {
    state.textContent = '';
    const mark = document.createElement('span');
    mark.className = 'ended';
    mark.textContent = outcome === 'discarded' ? 'Ended: the recording was discarded.' : 'Ended: the recording was saved.';
    state.append(mark);
    state.dataset.ended = 'true';
  }

  const events = new EventSource(element.dataset.events);
  events.addEventListener('batch', (event) => {
    const batch = JSON.parse(event.data);
    if (state.dataset.ended !== 'true') state.textContent = 'Live';
    if (batch.snapshot) showSnapshot(batch.snapshot);
    showPoints(batch.points || []);
  });
  events.addEventListener('end', (event) => {
    events.close();
    ended(JSON.parse(event.data).outcome);
  });
}

document.addEventListener('DOMContentLoaded', () => {
  const element = document.getElementById('live-map');
  if (element) livePage(element);
});
