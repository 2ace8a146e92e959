// A photo of a written answer: dark text on a slightly grey page, as a phone would take it (PNG).
import { createCanvas } from '@napi-rs/canvas';

export async function renderAnswerPhoto(text: string): Promise<string> {
  const words = text.split(' ');
  const lines: string[] = [];
  for (let i = 0; i < words.length; i += 6) lines.push(words.slice(i, i + 6).join(' '));
  const canvas = createCanvas(1000, 90 + lines.length * 60);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f4f2ee';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#1d1d2b';
  g.font = '40px DejaVu Sans';
  lines.forEach((line, i) => g.fillText(line, 40, 80 + i * 60));
  const png = await canvas.encode('png');
  return png.toString('base64');
}
