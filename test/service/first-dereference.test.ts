// Which of the lines holding a helpful NullPointerException's code dereferenced the null local first
// (service/first-dereference.ts), on the shape of java.awt.image.ColorConvertOp.filter.
import { describe, expect, it } from 'vitest';
import { firstDereference } from '../../src/service/first-dereference.js';

const SOURCE = `
class Op {
    public final BufferedImage filter(BufferedImage src, BufferedImage dest) {
        if (src.getColorModel() instanceof IndexColorModel) {
            IndexColorModel icm = (IndexColorModel) src.getColorModel();
        }
        return src.getColorModel() == null ? null : dest;
    }
    public WritableRaster filter(Raster src, WritableRaster dest) {
        return src.getColorModel();
    }
    BufferedImage later(BufferedImage src) {
        src = copy(src);
        return src.getColorModel();
    }
    BufferedImage local() {
        var src = make();
        return src.getColorModel();
    }
    BufferedImage lambda() {
        return run((src) -> src.getColorModel());
    }
}
`;
const at = (line: number) => {
  const lines = SOURCE.split('\n');
  return lines.slice(0, line - 1).join('\n').length + 1 + lines[line - 1].indexOf('src.getColorModel(');
};
const local = { name: 'src', type: 'BufferedImage' };

describe('firstDereference', () => {
  it('keeps the first read of a parameter since its declaration, not the later ones', () => {
    expect(firstDereference(SOURCE, at(4), local)).toBe(true);
    expect(firstDereference(SOURCE, at(5), local)).toBe(false);
    expect(firstDereference(SOURCE, at(7), local)).toBe(false);
  });

  it('takes the nearest declaration, of the type the message names', () => {
    // (`Raster src`: the message names BufferedImage's method, so not this src)
    expect(firstDereference(SOURCE, at(10), local)).toBe(false);
    expect(firstDereference(SOURCE, at(10), { name: 'src', type: null })).toBe(true);
  });

  it('reads an assignment since the declaration as a read, and `var` as any type', () => {
    expect(firstDereference(SOURCE, at(14), local)).toBe(false);
    expect(firstDereference(SOURCE, at(18), local)).toBe(true);
  });

  it('finds no declaration of an untyped lambda parameter', () => {
    expect(firstDereference(SOURCE, at(21), local)).toBe(false);
  });
});
