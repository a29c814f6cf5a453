/* Prints a framebuffer's geometry and pixel bitfields as the kernel reports them
 * (FBIOGET_VSCREENINFO / FBIOGET_FSCREENINFO), one key=value per line, so the kernel
 * tier's host check can pack the expected image the way this device wants it.
 * usage: fbinfo [/dev/fb0] */
#include <fcntl.h>
#include <linux/fb.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "/dev/fb0";
	struct fb_var_screeninfo var;
	struct fb_fix_screeninfo fix;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0 || ioctl(fd, FBIOGET_FSCREENINFO, &fix) < 0) {
		perror(path);
		return 1;
	}
	printf("xres=%u\nyres=%u\nxoffset=%u\nyoffset=%u\nbits_per_pixel=%u\nline_length=%u\n",
	       var.xres, var.yres, var.xoffset, var.yoffset, var.bits_per_pixel, fix.line_length);
	printf("red=%u/%u\ngreen=%u/%u\nblue=%u/%u\ntransp=%u/%u\n",
	       var.red.offset, var.red.length, var.green.offset, var.green.length,
	       var.blue.offset, var.blue.length, var.transp.offset, var.transp.length);
	close(fd);
	return 0;
}
