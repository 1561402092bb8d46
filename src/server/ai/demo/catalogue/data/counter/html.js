let count = 0;
const value = document.getElementById('counter-value');
const parity = document.getElementById('counter-parity');
function render() {
  value.textContent = String(count);
  parity.textContent = count % 2 === 0 ? 'Even' : 'Odd';
}
document.getElementById('counter-decrement').addEventListener('click', () => { count -= 1; render(); });
document.getElementById('counter-increment').addEventListener('click', () => { count += 1; render(); });
document.getElementById('counter-reset').addEventListener('click', () => { count = 0; render(); });
