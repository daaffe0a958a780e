import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { SlideImage } from 'yet-another-react-lightbox';
import { galleryMessages } from './gallery.messages';

export interface GalleryLightboxProps {
  slides: SlideImage[];
  /** The open slide, or -1 when closed. */
  index: number;
  onClose: () => void;
  /** Called once the lightbox has closed (focus goes back to what opened it). */
  onExited: () => void;
}

/** The full-size screenshots (keyboard: arrows, Escape; zoom with the wheel or +/-). Loaded on first use. */
export function GalleryLightbox({ slides, index, onClose, onExited }: GalleryLightboxProps) {
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      slides={slides}
      plugins={[Counter, Zoom]}
      carousel={{ finite: slides.length <= 2 }}
      controller={{ closeOnBackdropClick: true }}
      on={{ exited: onExited }}
      labels={{ Lightbox: galleryMessages.viewer }}
    />
  );
}
