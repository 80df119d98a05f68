import { GlobalFonts } from "@napi-rs/canvas";

/** The DejaVu fonts the image renderers draw with (the Docker image and CI install them). */
export const DEJAVU_SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
export const DEJAVU_SANS_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
export const DEJAVU_SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf";
export const DEJAVU_SERIF_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf";

/**
 * A renderer's fonts, each a file under the renderer's own family name: the returned function
 * registers them with the canvas on its first call and does nothing after.
 */
export function fontsOnce(fonts: readonly (readonly [path: string, family: string])[]): () => void {
  let ready = false;
  return () => {
    if (ready) return;
    for (const [path, family] of fonts) GlobalFonts.registerFromPath(path, family);
    ready = true;
  };
}
