// The upload page: sends a dropped or chosen file to the upload API with a progress bar, then
// follows the job until it is done and links what it imported (or shows why it failed).
'use strict';

// The format the upload API expects, from the file's name; null for a file it does not take.
function uploadFormat(name) {
  const lower = name.toLowerCase();
  for (const format of ['gpx.gz', 'tcx.gz', 'fit.gz', 'gpx', 'tcx', 'fit', 'zip', 'xml']) {
    if (lower.endsWith('.' + format)) return format;
  }
  return null;
}

function sendFile(file, csrf, progress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/uploads?format=' + encodeURIComponent(uploadFormat(file.name)));
    request.setRequestHeader('X-CSRF-Token', csrf);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
    });
    request.addEventListener('load', () => resolve(request));
    request.addEventListener('error', () => reject(new Error('The server cannot be reached.')));
    request.send(file);
  });
}

async function followJob(id) {
  for (;;) {
    const response = await fetch('/api/v1/uploads/' + encodeURIComponent(id));
    const text = await response.text();
    if (!response.ok) throw new Error(errorMessage(text, 'The upload cannot be followed.'));
    const job = JSON.parse(text);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function uploadPage(form) {
  const input = document.getElementById('upload-file');
  const drop = document.getElementById('drop');
  const progress = document.getElementById('upload-progress');
  const status = document.getElementById('upload-status');
  const result = document.getElementById('upload-result');
  const error = document.getElementById('upload-error');

  async function upload(file) {
    error.hidden = true;
    result.hidden = true;
    result.textContent = '';
    progress.value = 0;
    if (!uploadFormat(file.name)) {
      error.textContent = file.name + ' is not a GPX, TCX or FIT file (or a .gz or .zip of them).';
      error.hidden = false;
      return;
    }
    try {
      status.textContent = 'Sending ' + file.name + '…';
      const request = await sendFile(file, await csrfToken(), progress);
      if (request.status !== 202 && request.status !== 200) throw new Error(errorMessage(request.responseText, 'The upload was refused.'));
      progress.value = 100;
      status.textContent = 'Importing ' + file.name + '…';
      const job = await followJob(JSON.parse(request.responseText).id);
      if (job.status === 'failed') throw new Error(job.problems.join(' ') || 'The import failed.');
      status.textContent = 'Imported ' + job.imported + ' workout(s); ' + job.duplicates + ' stored already.';
      for (const id of job.workouts || []) {
        const link = document.createElement('a');
        link.href = '/workouts/' + id;
        link.className = 'imported';
        link.textContent = 'Open the imported workout';
        result.append(link, ' ');
      }
      result.hidden = result.childElementCount === 0;
    } catch (failure) {
      status.textContent = '';
      error.textContent = String(failure.message || failure);
      error.hidden = false;
    }
  }

  input.addEventListener('change', () => { if (input.files.length > 0) upload(input.files[0]); });
  form.addEventListener('submit', (event) => event.preventDefault());
  drop.addEventListener('dragover', (event) => { event.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    if (event.dataTransfer.files.length > 0) upload(event.dataTransfer.files[0]);
  });
}

document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('upload');
  if (form) uploadPage(form);
});
