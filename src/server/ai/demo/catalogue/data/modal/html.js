const backdrop = document.getElementById('modal-backdrop');
const status = document.getElementById('modal-status');
function setOpen(isOpen) {
  backdrop.classList.toggle('hidden', !isOpen);
}
document.getElementById('modal-open').addEventListener('click', () => setOpen(true));
document.getElementById('modal-cancel').addEventListener('click', () => setOpen(false));
document.getElementById('modal-confirm').addEventListener('click', () => {
  status.textContent = 'Published! Your changes are live.';
  setOpen(false);
});
backdrop.addEventListener('click', (event) => {
  if (event.target === backdrop) setOpen(false);
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') setOpen(false);
});
