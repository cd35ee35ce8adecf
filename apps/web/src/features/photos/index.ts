/** The photos feature's public surface: code outside features/photos imports only this file. */
export { PhotoGallery } from './components/photo-gallery.tsx';
export { PhotoPicker } from './components/photo-picker.tsx';
