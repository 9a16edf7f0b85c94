// Installed by the tests before any page script (Playwright add_init_script): observes the page
// through the Web Audio API only, so the shipped script carries no test hooks.
// window.__plays: one entry per tone start {when, offset, duration, pan, frequency, rate, synthesized,
// keydownTime (the key event's timeStamp when started inside a key handler, else 0), startTime
// (performance.now() right after start())}; window.__decoded: durations of decoded buffers;
// window.__ctx: the page's AudioContext; window.__csp: CSP violations.
(() => {
  window.__plays = [];
  window.__decoded = [];
  window.__csp = [];
  window.__ctx = null;
  let key = 0, pan = 0;
  window.addEventListener("keydown", (e) => { key = e.timeStamp; setTimeout(() => { key = 0; }, 0); }, true);
  document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
  const record = (node, when, offset, duration, synthesized) => {
    window.__ctx = node.context;
    window.__plays.push({ when: when || 0, offset: offset || 0, duration: duration || 0, pan, synthesized,
      frequency: synthesized ? node.frequency.value : 0, rate: node.playbackRate ? node.playbackRate.value : 1, keydownTime: key, startTime: performance.now() });
  };
  const bufferStart = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (when, offset, duration) {
    const r = bufferStart.apply(this, arguments);
    record(this, when, offset, duration, false);
    return r;
  };
  const oscStart = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (when) {
    const r = oscStart.apply(this, arguments);
    record(this, when, 0, 0, true);
    return r;
  };
  const createPanner = BaseAudioContext.prototype.createStereoPanner;
  BaseAudioContext.prototype.createStereoPanner = function () {
    const node = createPanner.apply(this, arguments);
    node.pan.__isPan = true;
    return node;
  };
  const setValue = AudioParam.prototype.setValueAtTime;
  AudioParam.prototype.setValueAtTime = function (value) {
    if (this.__isPan) pan = value;
    return setValue.apply(this, arguments);
  };
  const decode = BaseAudioContext.prototype.decodeAudioData;
  BaseAudioContext.prototype.decodeAudioData = function (bytes, ok, fail) {
    window.__ctx = this;
    return decode.call(this, bytes, (b) => { window.__decoded.push(b.duration); if (ok) ok(b); }, fail);
  };
})();
